/**
 * OpenID Connect: the provider settings shared by the admin sign-in and the JSON API, and the
 * verification of the provider's bearer access tokens.
 */
package io.moe.infrastructure.oidc;
