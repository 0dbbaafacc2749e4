/** Web research (rule 3) and the targeted research fallback for unsure experts (rule 5). */
package io.moe.application.pipeline.research;
