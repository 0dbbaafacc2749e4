/** Coding-client profiles: their administration (CRUD, export, import, bindings) and which one answers a request. */
package io.moe.application.profile;
