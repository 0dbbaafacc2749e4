/**
 * Single sign-on for admins: Jakarta Security's OpenID Connect mechanism (authorization-code flow
 * against the configured provider), and the servlet that turns a signed-in provider identity into an
 * admin session.
 */
package io.moe.interfaces.admin.sso;
