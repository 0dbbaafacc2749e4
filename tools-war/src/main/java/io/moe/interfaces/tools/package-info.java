/**
 * The precision-tool server on the tools port: GET /health and /tools, POST /invoke, the MCP
 * HTTP+SSE transport under /mcp, and generated files under /downloads.
 */
package io.moe.interfaces.tools;
