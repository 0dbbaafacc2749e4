/** What the tool server's admins decide about its tools, behind ports the tool server's resources use. */
package io.moe.application.tools;
