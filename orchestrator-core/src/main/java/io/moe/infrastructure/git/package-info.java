/** Adapters over git (JGit): the upstream skill repository. */
package io.moe.infrastructure.git;
