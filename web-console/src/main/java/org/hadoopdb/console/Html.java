package org.hadoopdb.console;

/** The pages' shared frame and HTML escaping; every value from a user or the catalog goes through {@link #escape}. */
final class Html {
    private Html() {
    }

    /**
     * The little script every page carries: reloads it every few seconds unless the user turned it off.
     * The cancel button is a plain form, which works without it.
     */
    private static final String REFRESH_SCRIPT = """
            <script>
            (function () {
              var box = document.getElementById('refresh');
              box.checked = localStorage.getItem('hadoopdb.refresh') !== 'off';
              box.addEventListener('change', function () {
                localStorage.setItem('hadoopdb.refresh', box.checked ? 'on' : 'off');
              });
              setInterval(function () { if (box.checked) { location.reload(); } }, 5000);
            })();
            </script>
            """;

    private static final String STYLE = """
            <style>
            body { font-family: sans-serif; margin: 1.5em; }
            table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .3em .6em; text-align: left; vertical-align: top; }
            pre { white-space: pre-wrap; max-width: 80em; } .FAILED { color: #b00; } .CANCELLED { color: #a60; } .RUNNING, .QUEUED { color: #06c; }
            nav a { margin-right: 1em; }
            #timeline text { font-size: 12px; } .bar-done { fill: #4a4; } .bar-running { fill: #06c; } .bar-stopped { fill: #b00; }
            .pushed h3 { font-size: 1em; margin-bottom: .3em; }
            </style>
            """;

    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) + " – HadoopDB</title>"
                + STYLE + "</head><body>\n<nav><a href=\"/\">Queries</a><a href=\"/cluster\">Cluster</a>"
                + "<a href=\"/metrics\">Metrics</a><label><input type=\"checkbox\" id=\"refresh\"> refresh</label></nav>\n<h1>"
                + escape(title) + "</h1>\n" + body + REFRESH_SCRIPT + "</body></html>\n";
    }

    /** A size for people: {@code 7.6 MiB}; bytes below 1 KiB as they are. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = n;
        int unit = -1;
        while (v >= 1024 && unit < units.length - 1) {
            v /= 1024;
            unit++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[unit]);
    }

    static String escape(Object value) {
        if (value == null) {
            return "";
        }
        String s = value.toString();
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
