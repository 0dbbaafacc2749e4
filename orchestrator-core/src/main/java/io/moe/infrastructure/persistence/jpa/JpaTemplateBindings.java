package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.template.TemplateBindings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The template bindings in {@code api_key.template_id} and {@code users.default_template_id}, with parameterised statements. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaTemplateBindings implements TemplateBindings {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Map<String, String> keys() {
        return pairs("SELECT id, template_id FROM api_key WHERE template_id IS NOT NULL");
    }

    @Override
    public Map<String, String> users() {
        return pairs("SELECT id, default_template_id FROM users WHERE default_template_id IS NOT NULL");
    }

    @Override
    public boolean bindKey(String keyId, String templateId) {
        return em.createNativeQuery("UPDATE api_key SET template_id = ?1 WHERE id = ?2")
                .setParameter(1, templateId).setParameter(2, keyId).executeUpdate() == 1;
    }

    @Override
    public boolean bindUser(String userId, String templateId) {
        return em.createNativeQuery("UPDATE users SET default_template_id = ?1 WHERE id = ?2")
                .setParameter(1, templateId).setParameter(2, userId).executeUpdate() == 1;
    }

    private Map<String, String> pairs(String statement) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(statement).getResultList();
        Map<String, String> map = new HashMap<>();
        rows.forEach(r -> map.put((String) r[0], (String) r[1]));
        return map;
    }
}
