/**
 * Faces pieces shared by the admin application and the user portal. Bundled in each WAR (WEB-INF/lib), not in
 * the EAR's library, since each WAR brings its own Faces implementation and API (facesContainer).
 */
package io.moe.infrastructure.faces;
