package org.hadoopdb.jdbc.server;

import java.security.Principal;
import javax.security.auth.Subject;
import javax.servlet.ServletRequest;
import org.eclipse.jetty.security.AbstractLoginService;
import org.eclipse.jetty.server.UserIdentity;

/**
 * Jetty's view of the {@link Logins}: every user the users file accepts has the role {@link #ROLE}.
 * Logins are checked with the client's address, so failures can be throttled per address.
 */
final class UsersLoginService extends AbstractLoginService {
    static final String ROLE = "hadoopdb-user";
    private static final String[] ROLES = {ROLE};

    private final Logins logins;

    UsersLoginService(Logins logins) {
        this.logins = logins;
        setName("HadoopDB");
    }

    @Override
    public UserIdentity login(String username, Object credentials, ServletRequest request) {
        char[] password = credentials instanceof char[] c ? c
                : credentials instanceof String s ? s.toCharArray() : null;
        if (username == null || password == null) {
            return null;
        }
        String address = request == null ? "" : request.getRemoteAddr();
        if (logins.attempt(address, username, password) != Logins.Verdict.ACCEPTED) {
            return null;
        }
        Principal principal = new UserName(username);
        Subject subject = new Subject();
        subject.getPrincipals().add(principal);
        subject.setReadOnly();
        return getIdentityService().newUserIdentity(subject, principal, ROLES);
    }

    /** Not used: {@link #login} checks the password itself. */
    @Override
    protected UserPrincipal loadUserInfo(String username) {
        return null;
    }

    @Override
    protected String[] loadRoleInfo(UserPrincipal user) {
        return ROLES;
    }

    /** An authenticated user; holds no password. */
    private record UserName(String getName) implements Principal {
    }
}
