package io.moe.domain.identity;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/** A person or service account that signs in to the portal or owns API keys (spec resource "user"). */
@Entity
@Table(name = "users")
@NamedQuery(name = "UserAccount.countActiveAdmins",
        query = "SELECT COUNT(u) FROM UserAccount u WHERE u.admin = 1 AND u.active = 1")
@NamedQuery(name = "UserAccount.byUsername", query = "SELECT u FROM UserAccount u WHERE u.username = :username")
@NamedQuery(name = "UserAccount.byEmail", query = "SELECT u FROM UserAccount u WHERE LOWER(u.email) = LOWER(:email)")
@NamedQuery(name = "UserAccount.bySsoSubject", query = "SELECT u FROM UserAccount u WHERE u.ssoSubject = :subject")
@NamedQuery(name = "UserAccount.all", query = "SELECT u FROM UserAccount u ORDER BY u.createdAt, u.id")
@NamedQuery(name = "UserAccount.count", query = "SELECT COUNT(u) FROM UserAccount u")
public class UserAccount {

    @Id
    private String id;
    private String username;
    private String email;
    @Column(name = "display_name")
    private String displayName;
    @Column(name = "hashed_password")
    private String hashedPassword;
    @Column(name = "is_active")
    private int active;
    @Column(name = "is_admin")
    private int admin;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;
    /** The single sign-on identity this account is linked to ("issuer subject"), or null. */
    @Column(name = "sso_subject")
    private String ssoSubject;
    /** The role "expert": may keep own templates and profiles (with a model_endpoint grant), as admins may. */
    @Column(name = "is_expert")
    private int expert;
    /** The IANA time zone the portal shows this user's times in. */
    @Column(name = "time_zone")
    private String timeZone = "UTC";

    /** Counts the changes that end the account's browser sessions; part of a session's stamp. */
    @Column(name = "session_generation")
    private int sessionGeneration;

    protected UserAccount() {
    }

    public UserAccount(String username, String email, String displayName, String hashedPassword, boolean admin) {
        this.id = Ids.newId();
        this.username = username;
        this.email = email;
        this.displayName = displayName == null ? "" : displayName;
        this.hashedPassword = hashedPassword;
        this.active = 1;
        this.admin = admin ? 1 : 0;
        this.createdAt = Ids.nowUtc();
        this.updatedAt = createdAt;
    }

    public void changeEmail(String email) {
        this.email = email;
        touch();
    }

    public void changeDisplayName(String displayName) {
        this.displayName = displayName == null ? "" : displayName;
        touch();
    }

    public void changePassword(String hashedPassword) {
        this.hashedPassword = hashedPassword;
        sessionGeneration++;
        touch();
    }

    public void changeAdmin(boolean admin) {
        if (!admin && this.admin == 1) {
            sessionGeneration++; // the admin sessions end, and stay ended if the rights come back
        }
        this.admin = admin ? 1 : 0;
        touch();
    }

    /** Blocks (false) or unblocks (true) the user; a blocked user's keys are refused. */
    public void changeActive(boolean active) {
        if (!active && this.active == 1) {
            sessionGeneration++; // every session ends, and stays ended if the account is reactivated
        }
        this.active = active ? 1 : 0;
        touch();
    }

    public void changeExpert(boolean expert) {
        this.expert = expert ? 1 : 0;
        touch();
    }

    /** Sets the time zone (an IANA id the caller has checked). */
    public void changeTimeZone(String timeZone) {
        this.timeZone = timeZone;
        touch();
    }

    public void linkSingleSignOn(String ssoSubject) {
        this.ssoSubject = ssoSubject;
        touch();
    }

    private void touch() {
        this.updatedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String username() {
        return username;
    }

    public String email() {
        return email;
    }

    public String displayName() {
        return displayName;
    }

    public String hashedPassword() {
        return hashedPassword;
    }

    public boolean isActive() {
        return active == 1;
    }

    public boolean isAdmin() {
        return admin == 1;
    }

    public boolean isExpert() {
        return expert == 1;
    }

    /** Whether this user may keep own templates and profiles by role (the model_endpoint grant is checked apart). */
    public boolean mayAuthorTemplates() {
        return isExpert() || isAdmin();
    }

    public String timeZone() {
        return timeZone == null ? "UTC" : timeZone;
    }

    public String ssoSubject() {
        return ssoSubject;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }

    public int sessionGeneration() {
        return sessionGeneration;
    }

    public OffsetDateTime updatedAt() {
        return updatedAt;
    }
}
