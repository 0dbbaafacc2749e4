package io.moe.application.template;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.shared.Refusal;
import io.moe.domain.template.InvalidTemplateException;

/**
 * A refused change to the expert templates: 400 for a template or file that breaks the schema (the field
 * named), 404 for an unknown id, 409 for a taken name or the default template. Thrown before anything is
 * written, or inside the one transaction of the change, so a refusal leaves the templates as they were.
 */
public class TemplateRefusedException extends Refusal {

    public TemplateRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }

    static TemplateRefusedException invalid(String field, String message) {
        return new TemplateRefusedException(Kind.INVALID, "invalid_template", field, message);
    }

    static TemplateRefusedException invalid(InvalidTemplateException e) {
        return new TemplateRefusedException(Kind.INVALID, e.field() == null ? "invalid_json" : "invalid_template", e.field(), e.getMessage());
    }

    static TemplateRefusedException notFound(String id) {
        return new TemplateRefusedException(Kind.NOT_FOUND, "not_found", null, "no expert template with id '" + id + "'");
    }

    static TemplateRefusedException duplicate(String name) {
        return new TemplateRefusedException(Kind.CONFLICT, "duplicate_name", "name", "an expert template named '" + name
                + "' exists already; choose another name or change that template");
    }
}
