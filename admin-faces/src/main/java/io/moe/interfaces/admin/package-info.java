/** The admin application on the admin port: Faces pages and the admin JSON API. */
package io.moe.interfaces.admin;
