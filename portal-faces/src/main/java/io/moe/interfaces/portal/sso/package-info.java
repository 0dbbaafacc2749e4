/**
 * Single sign-on to the portal for every person of the identity provider: the OpenID mechanism (on
 * {@code /user/sso} and {@code /user/sso/callback} only) and the servlet that admits the person and starts the
 * portal session.
 */
package io.moe.interfaces.portal.sso;
