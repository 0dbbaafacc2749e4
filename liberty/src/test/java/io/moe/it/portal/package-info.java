/** Black-box tests of the user portal (/user on the admin port): sign-in, own data only, own templates and profiles. */
package io.moe.it.portal;
