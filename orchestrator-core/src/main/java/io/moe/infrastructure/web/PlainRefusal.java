package io.moe.infrastructure.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** A page filter's refusal before any page runs: the status, and one line of plain text a person can act on. */
public final class PlainRefusal {

    private PlainRefusal() {
    }

    public static void send(HttpServletRequest request, HttpServletResponse response, int status, String text) throws IOException {
        request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, status);
        response.setStatus(status);
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(text);
    }
}
