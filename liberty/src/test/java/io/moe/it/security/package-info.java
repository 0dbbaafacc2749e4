/** Black-box tests of access control on all three ports: route audit, admin pages, sign-in, sessions, metrics. */
package io.moe.it.security;
