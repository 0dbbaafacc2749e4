/** Adapters over the local file system: the skills folder. */
package io.moe.infrastructure.files;
