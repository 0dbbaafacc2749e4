/**
 * In-container (Arquillian) tests of the JPA and JTA adapters: each deploys the domain, the ports and the
 * adapters to a small Liberty server over the test PostgreSQL, where JPA is container-managed as in the product.
 */
package io.moe.it.persistence;
