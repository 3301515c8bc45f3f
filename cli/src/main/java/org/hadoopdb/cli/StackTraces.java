package org.hadoopdb.cli;

/** Formats a throwable and its causes for {@code --verbose} output. */
public final class StackTraces {
    private StackTraces() {
    }

    public static String format(Throwable t) {
        StringBuilder sb = new StringBuilder();
        String prefix = "";
        for (Throwable cur = t; cur != null; cur = cur.getCause() == cur ? null : cur.getCause()) {
            sb.append(prefix).append(cur).append('\n');
            for (StackTraceElement el : cur.getStackTrace()) {
                sb.append("\tat ").append(el).append('\n');
            }
            prefix = "Caused by: ";
        }
        return sb.toString();
    }
}
