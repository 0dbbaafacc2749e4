/** JTA adapters: hooks into the container's transactions, such as actions that run only after a commit. */
package io.moe.infrastructure.persistence.jta;
