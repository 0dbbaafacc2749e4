/**
 * The portal's JSON API under /user/api: every route acts for the signed-in portal user only (session and
 * CSRF token, {@link io.moe.interfaces.portalapi.PortalCaller}); another user's data is answered as missing.
 */
package io.moe.interfaces.portalapi;
