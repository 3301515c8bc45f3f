package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.loader.table.TableProperties;

/**
 * {@code SHOW CREATE TABLE}: the HiveQL statement that creates an equal table (same columns,
 * distribution, keys, sort order and properties) or view. Properties HadoopDB derives from a clause
 * are printed as that clause; the others, including the layout HadoopDB resolved when the table was
 * created ({@code hadoopdb.distribution}, chunks per node, replication) and the text format, as
 * {@code TBLPROPERTIES}, which {@code CREATE TABLE} reads back into the same values.
 */
final class CreateStatementText {
    /** Printed as COMMENT, INTO n BUCKETS and SORTED BY (… DESC) instead of as properties. */
    private static final Set<String> AS_CLAUSES = Set.of(TableProperties.COMMENT, TableProperties.BUCKETS,
            TableProperties.SORT_DESCENDING, TableInfo.LOCATION);

    private CreateStatementText() {
    }

    static String of(TableInfo t, int chunksInScheme) {
        Map<String, String> props = TableProperties.of(t);
        StringBuilder sb = new StringBuilder(t.isExternal() ? "CREATE EXTERNAL TABLE " : "CREATE TABLE ")
                .append(qualifiedName(t.name())).append(" (\n");
        columns(sb, t.dataColumns(), true);
        sb.append(")");
        if (props.containsKey(TableProperties.COMMENT)) {
            sb.append("\nCOMMENT ").append(string(props.get(TableProperties.COMMENT)));
        }
        if (t.isPartitioned()) {
            sb.append("\nPARTITIONED BY (\n");
            columns(sb, t.partitionColumnInfos(), true);
            sb.append(")");
        }
        if (t.distribution() == Distribution.HASH) {
            sb.append("\nCLUSTERED BY (").append(names(t.partitionKeys())).append(")");
            if (!t.sortColumns().isEmpty()) {
                Set<String> descending = descending(props.get(TableProperties.SORT_DESCENDING));
                List<String> sorted = new ArrayList<>();
                t.sortColumns().forEach(c -> sorted.add(name(c) + (descending.contains(c) ? " DESC" : "")));
                sb.append(" SORTED BY (").append(String.join(", ", sorted)).append(")");
            }
            String buckets = props.getOrDefault(TableProperties.BUCKETS, Integer.toString(chunksInScheme));
            sb.append(" INTO ").append(buckets).append(" BUCKETS");
        }
        sb.append("\nSTORED AS TEXTFILE");
        if (t.isExternal()) {
            sb.append("\nLOCATION ").append(string(t.location()));
        }
        List<String> printed = new ArrayList<>();
        props.forEach((k, v) -> {
            if (!AS_CLAUSES.contains(k)) {
                printed.add("  " + string(k) + "=" + string(v));
            }
        });
        if (!printed.isEmpty()) {
            sb.append("\nTBLPROPERTIES (\n").append(String.join(",\n", printed)).append(")");
        }
        return sb.toString();
    }

    static String of(ViewInfo v) {
        StringBuilder sb = new StringBuilder("CREATE VIEW ").append(qualifiedName(v.name()));
        if (v.namedColumns()) {
            sb.append(" (\n");
            columns(sb, v.columns(), false);
            sb.append(")");
        }
        if (v.comment() != null) {
            sb.append("\nCOMMENT ").append(string(v.comment()));
        }
        return sb.append("\nAS ").append(v.query()).toString();
    }

    private static void columns(StringBuilder sb, List<ColumnInfo> columns, boolean withTypes) {
        for (int i = 0; i < columns.size(); i++) {
            ColumnInfo c = columns.get(i);
            sb.append("  ").append(name(c.name()));
            if (withTypes) {
                sb.append(' ').append(c.type());
            }
            if (c.comment() != null) {
                sb.append(" COMMENT ").append(string(c.comment()));
            }
            sb.append(i + 1 < columns.size() ? ",\n" : "");
        }
    }

    private static Set<String> descending(String value) {
        Set<String> out = new java.util.HashSet<>();
        if (value != null) {
            for (String s : value.split(",")) {
                out.add(s.trim().toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static String names(List<String> names) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add(name(n)));
        return String.join(", ", out);
    }

    /** A backquoted name (a backquote inside is doubled), so that keywords and odd names read back. */
    /** A catalog name as HiveQL writes it: {@code `t`} or {@code `db`.`t`}. */
    static String qualifiedName(String catalogName) {
        return catalogName.indexOf('.') < 0 ? name(catalogName)
                : name(Names.databaseOf(catalogName)) + "." + name(Names.tableOf(catalogName));
    }

    static String name(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** A HiveQL string literal: backslash, quote and control characters escaped as Hive reads them. */
    static String string(String value) {
        StringBuilder sb = new StringBuilder("'");
        for (char c : value.toCharArray()) {
            if (c == '\\' || c == '\'') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('\'').toString();
    }
}
