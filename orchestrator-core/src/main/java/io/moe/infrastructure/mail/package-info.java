/** Outgoing e-mail over SMTP with Jakarta Mail (Liberty's mail-2.1 feature). */
package io.moe.infrastructure.mail;
