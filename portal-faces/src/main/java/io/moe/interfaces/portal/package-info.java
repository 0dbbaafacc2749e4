/** The self-service user portal under /user on the admin port: Faces pages and the portal JSON API. */
package io.moe.interfaces.portal;
