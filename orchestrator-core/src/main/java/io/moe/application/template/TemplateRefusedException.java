package io.moe.application.template;

import io.moe.domain.shared.Refusal;
import io.moe.domain.template.InvalidTemplateException;

/**
 * A refused change to the expert templates: 400 for a template or file that breaks the schema (the field
 * named), 404 for an unknown id, 409 for a taken name or the default template. Thrown before anything is
 * written, or inside the one transaction of the change, so a refusal leaves the templates as they were.
 */
public class TemplateRefusedException extends Refusal {

    public TemplateRefusedException(int status, String code, String field, String message) {
        super(status, code, field, message);
    }

    static TemplateRefusedException invalid(String field, String message) {
        return new TemplateRefusedException(400, "invalid_template", field, message);
    }

    static TemplateRefusedException invalid(InvalidTemplateException e) {
        return new TemplateRefusedException(400, e.field() == null ? "invalid_json" : "invalid_template", e.field(), e.getMessage());
    }

    static TemplateRefusedException notFound(String id) {
        return new TemplateRefusedException(404, "not_found", null, "no expert template with id '" + id + "'");
    }

    static TemplateRefusedException duplicate(String name) {
        return new TemplateRefusedException(409, "duplicate_name", "name", "an expert template named '" + name
                + "' exists already; choose another name or change that template");
    }
}
