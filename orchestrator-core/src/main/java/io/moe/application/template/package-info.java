/** Use cases of expert templates: finding the template a request runs with and seeding the built-in one. */
package io.moe.application.template;
