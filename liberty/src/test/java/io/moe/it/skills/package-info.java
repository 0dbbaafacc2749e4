/** The skills API: files kept in the skills folder, and their synchronisation from an upstream git repository. */
package io.moe.it.skills;
