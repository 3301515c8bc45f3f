package org.hadoopdb.jdbc.server;

import org.eclipse.jetty.security.AbstractLoginService;
import org.eclipse.jetty.util.security.Credential;

/** Jetty's view of the {@link UsersFile}: every listed user has the role {@link #ROLE}. */
final class UsersLoginService extends AbstractLoginService {
    static final String ROLE = "hadoopdb-user";

    private final UsersFile users;

    UsersLoginService(UsersFile users) {
        this.users = users;
        setName("HadoopDB");
    }

    @Override
    protected String[] loadRoleInfo(UserPrincipal user) {
        return new String[] {ROLE};
    }

    @Override
    protected UserPrincipal loadUserInfo(String username) {
        // Unknown users get a principal too, so they cost the same time as a wrong password.
        return new UserPrincipal(username, new UserCredential(users, username));
    }

    /** Checks a password against the users file; holds no password itself. */
    private static final class UserCredential extends Credential {
        private final transient UsersFile users;
        private final String user;

        UserCredential(UsersFile users, String user) {
            this.users = users;
            this.user = user;
        }

        @Override
        public boolean check(Object credentials) {
            char[] password = credentials instanceof char[] c ? c
                    : credentials instanceof String s ? s.toCharArray() : null;
            return password != null && users.check(user, password);
        }
    }
}
