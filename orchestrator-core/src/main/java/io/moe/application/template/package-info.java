/**
 * Use cases of expert templates: finding the template a request runs with, seeding the built-in one, and
 * the admins' management of templates (checks, create, change, delete, import and export files).
 */
package io.moe.application.template;
