/** Coding-client profiles (spec: cc_profile item): how requests of the messages API are answered, and where they are stored. */
package io.moe.domain.profile;
