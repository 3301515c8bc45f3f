package org.hadoopdb.runtime;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.chunk.StatementHints;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.runtime.mr.StageSideInputs;
import org.hadoopdb.runtime.mr.StageSizes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the {@link KeyFilter}s of a stage's chunk statements when it starts, the stages holding the keys
 * having run: each statement keeps only the rows whose join key is among those keys, inside PostgreSQL
 * ({@code SELECT * FROM (statement) AS k (c0, c1, …) WHERE cK = ANY('{…}'::bigint[])}; PostgreSQL hashes a
 * constant array, pushes the condition under the statement's joins and grouping where it may, and uses an index
 * on the column when there is one). More keys than {@code hadoopdb.exec.key-filter.max-keys} leave the statement
 * as planned, and so do the keys of a further filter of the same statement that outnumber the rows PostgreSQL
 * estimates one chunk returns without them: the broadcast join still drops the rows, after they were read.
 *
 * <pre>{@code
 * Stage now = KeyFilters.apply(stage, 50_000, queryConf); // before the stage is placed and run
 * }</pre>
 */
final class KeyFilters {
    private static final Logger LOG = LoggerFactory.getLogger(KeyFilters.class);
    private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);

    private KeyFilters() {
    }

    /** True when a chunk statement of {@code stage} waits for another stage's keys. */
    static boolean has(Stage stage) {
        return stage.inputs().stream().anyMatch(in -> in instanceof StageInput.Chunks c && !c.source().keys().isEmpty());
    }

    /** {@code plan} without key filters (the feature is off): each statement runs as planned. */
    static QueryPlan without(QueryPlan plan) {
        if (plan.stages().stream().noneMatch(KeyFilters::has)) {
            return plan;
        }
        List<Stage> stages = plan.stages().stream().map(s -> rewrite(s, c -> c.running(c.sql()))).toList();
        return new QueryPlan(stages, plan.result(), plan.schema(), plan.ordered(), plan.notes(), plan.functionJars());
    }

    /**
     * {@code stage} with each key filter applied (or dropped, past {@code maxKeys} keys): its statements read only
     * what the joins keep.
     *
     * @param conf the query's configuration, through which the earlier stages' output is found
     */
    static Stage apply(Stage stage, long maxKeys, Configuration conf) {
        return apply(stage, maxKeys, conf, source -> StageSizes.chunkRows(conf, source));
    }

    /**
     * As {@link #apply(Stage, long, Configuration)}, with the filters of a statement applied fewest keys first, each
     * after the first only when it has fewer keys than one chunk's rows as PostgreSQL estimates the statement filtered
     * so far: every chunk parses and hashes all the keys, and a filter can save no more than the rows a chunk would
     * return without it (TPC-H Q8's 30,000 customers of one region, beside 1,451 parts that leave some 2,000 rows a
     * chunk, took half a second more than they saved). The first always applies: PostgreSQL's estimate of a statement
     * as planned can be far too low (one row for Q21's lineitem with its anti join, where 411 suppliers' keys keep
     * 4% of it).
     *
     * @param chunkRows PostgreSQL's estimate of the rows one chunk of a statement returns; negative when unknown
     */
    static Stage apply(Stage stage, long maxKeys, Configuration conf, ToDoubleFunction<ChunkSource> chunkRows) {
        if (!has(stage)) {
            return stage;
        }
        StageSideInputs outputs = new StageSideInputs(conf);
        return rewrite(stage, c -> {
            List<Keyed> keyed = new ArrayList<>();
            for (KeyFilter f : c.keys()) {
                List<String> keys = keys(outputs, f, c.schema().type(f.column()), maxKeys);
                if (keys == null) {
                    LOG.info("Stage {}: stage {} wrote more than {} keys (or keys PostgreSQL cannot be given): {}'s chunk "
                            + "statement is not filtered by them", stage.id(), f.buildStage(), maxKeys, c.name());
                } else {
                    keyed.add(new Keyed(f, keys));
                }
            }
            keyed.sort(java.util.Comparator.comparingInt(k -> k.keys().size()));
            List<String> conditions = new ArrayList<>();
            double rows = -1;
            int estimatedWith = 0; // the filters the estimate is of: a skipped filter leaves the statement as it was
            for (Keyed k : keyed) {
                KeyFilter f = k.filter();
                List<String> keys = k.keys();
                if (conditions.size() > estimatedWith) {
                    rows = chunkRows.applyAsDouble(c.running(filtered(c.sql(), c.schema(), conditions)));
                    estimatedWith = conditions.size();
                }
                if (rows >= 0 && keys.size() > rows) {
                    LOG.info("Stage {}: {}'s chunk statement is not filtered by the {} keys stage {} wrote: more than the "
                            + "{} rows PostgreSQL estimates a chunk returns with the fewer keys", stage.id(), c.name(), keys.size(),
                            f.buildStage(), Math.round(rows));
                    continue;
                }
                LOG.info("Stage {}: {}'s chunk statement keeps the rows whose {} is among the {} keys stage {} wrote",
                        stage.id(), c.name(), c.schema().name(f.column()), keys.size(), f.buildStage());
                conditions.add(condition(f.column(), c.schema().type(f.column()), keys));
            }
            return c.running(conditions.isEmpty() ? c.sql() : filtered(c.sql(), c.schema(), conditions));
        });
    }

    /** A key filter and the keys it was given, as SQL literals. */
    private record Keyed(KeyFilter filter, List<String> keys) {
    }

    /**
     * {@code sql} keeping only the rows that meet every one of {@code conditions} (from {@link #condition}, on the
     * columns named {@code c0}, {@code c1}, …); a leading hint comment stays first.
     */
    static String filtered(String sql, RowSchema schema, List<String> conditions) {
        String hint = StatementHints.leadingHint(sql);
        StringBuilder out = new StringBuilder(hint).append("SELECT * FROM (").append(sql.substring(hint.length()))
                .append(") AS \"hdb_keyed\" (");
        for (int i = 0; i < schema.size(); i++) {
            out.append(i == 0 ? "" : ", ").append("\"c").append(i).append('"');
        }
        return out.append(") WHERE ").append(String.join(" AND ", conditions)).toString();
    }

    /**
     * Column {@code column} (of type {@code type}) is one of {@code keys}, SQL literals of its type ({@link #literal}),
     * written as one array constant ({@code '{1,2}'::bigint[]}): PostgreSQL parses that string once, where an
     * {@code ARRAY[1,2]} constructor is an expression per key to analyse and fold (19,000 keys: 20 ms of planning a
     * statement, 6 ms as one constant, in every chunk and again for the estimate that places the stage).
     */
    static String condition(int column, HiveType type, List<String> keys) {
        StringBuilder array = new StringBuilder("{");
        for (int i = 0; i < keys.size(); i++) {
            array.append(i == 0 ? "" : ",").append(arrayElement(keys.get(i)));
        }
        array.append('}');
        // standard_conforming_strings is on in every node session: only the quote is doubled
        return "\"c" + column + "\" = ANY('" + array.toString().replace("'", "''") + "'::" + arrayType(type) + "[])";
    }

    /**
     * A key's SQL literal as an element of an array constant: a number as it is; a quoted literal (a string, a date)
     * unquoted, then double-quoted with its backslashes and double quotes escaped, as PostgreSQL's array input reads
     * them (a comma, a brace, a space or the word NULL inside quotes is the string itself).
     */
    static String arrayElement(String literal) {
        if (!literal.startsWith("'")) {
            return literal;
        }
        String value = literal.substring(1, literal.length() - 1).replace("''", "'");
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The distinct non-null keys as literals of the probe column's type; null past {@code maxKeys} or for a key it cannot hold. */
    private static List<String> keys(StageSideInputs outputs, KeyFilter f, HiveType probe, long maxKeys) {
        Set<String> keys = new LinkedHashSet<>();
        try {
            for (Row row : outputs.rows(f.buildStage(), f.buildSchema())) {
                Object value = row.get(f.buildKey());
                if (value == null) {
                    continue; // a NULL key joins nothing
                }
                String literal = literal(value, probe);
                if (literal == null) {
                    return null;
                }
                if (!literal.isEmpty() && keys.add(literal) && keys.size() > maxKeys) {
                    return null;
                }
            }
        } catch (java.io.IOException e) {
            throw new org.hadoopdb.planner.PlannerException("Cannot read the keys stage " + f.buildStage() + " wrote: "
                    + e.getMessage(), e);
        }
        return new ArrayList<>(keys);
    }

    /**
     * A key as a SQL literal of the probe column's type: "" for an integer the column cannot hold (no row has it),
     * null for a value PostgreSQL cannot be given as written (a date outside years 1–9999).
     */
    static String literal(Object value, HiveType probe) {
        if (value instanceof Number n && !(value instanceof BigDecimal)) {
            long v = n.longValue();
            return switch (probe.kind()) {
                case TINYINT, SMALLINT -> v < Short.MIN_VALUE || v > Short.MAX_VALUE ? "" : Long.toString(v);
                case INT -> v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? "" : Long.toString(v);
                default -> Long.toString(v);
            };
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof LocalDate d) {
            return d.isBefore(FIRST_DAY) || d.isAfter(LAST_DAY) ? null : "'" + d + "'";
        }
        if (value instanceof String s) {
            // standard_conforming_strings is on in every node session: only the quote is doubled
            return s.indexOf('\0') >= 0 ? null : "'" + s.replace("'", "''") + "'";
        }
        return null;
    }

    private static String arrayType(HiveType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT -> "smallint";
            case INT -> "integer";
            case BIGINT -> "bigint";
            case DECIMAL -> "numeric";
            case DATE -> "date";
            default -> "text";
        };
    }

    private static Stage rewrite(Stage stage, java.util.function.UnaryOperator<ChunkSource> source) {
        List<StageInput> inputs = stage.inputs().stream()
                .map(in -> in instanceof StageInput.Chunks c && !c.source().keys().isEmpty()
                        ? (StageInput) new StageInput.Chunks(source.apply(c.source()), c.mapOps()) : in)
                .toList();
        return new Stage(stage.id(), inputs, stage.shuffle(), stage.reduceOps(), stage.output());
    }

    /** The stages whose keys filter {@code stage}'s chunk statements, for EXPLAIN: "stage 1" or "stages 1, 3". */
    static String keyStages(Stage stage) {
        List<String> ids = stage.inputs().stream().filter(in -> in instanceof StageInput.Chunks c && !c.source().keys().isEmpty())
                .flatMap(in -> ((StageInput.Chunks) in).source().keys().stream()).map(k -> Integer.toString(k.buildStage()))
                .distinct().toList();
        return (ids.size() == 1 ? "stage " : "stages ") + String.join(", ", ids);
    }
}
