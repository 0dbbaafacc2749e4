/** Small value types shared by every aggregate: identifiers and UTC clock readings. */
package io.moe.domain.shared;
