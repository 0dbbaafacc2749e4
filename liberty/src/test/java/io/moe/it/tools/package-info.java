/** Black-box tests of the precision-tool server on the tools port. */
package io.moe.it.tools;
