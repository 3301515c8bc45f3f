package org.hadoopdb.jdbc.client.spark;

import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.util.V2ExpressionSQLBuilder;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StringType;

/**
 * Spark's pushed expressions (filters, sort keys, grouping keys, aggregates) as HiveQL, for those HadoopDB
 * computes exactly as Spark does. Anything else throws, and the dialect answers Spark "not pushed", so
 * Spark evaluates it itself: a refusal costs rows read, a wrong translation would cost right answers.
 *
 * <p>Differences from the generic SQL Spark writes: names in backquotes; literals as {@link HiveQlLiterals}
 * writes them; {@code STARTS_WITH}, {@code ENDS_WITH} and {@code CONTAINS} as {@code LIKE} without an
 * {@code ESCAPE} clause (HiveQL has none: backslash is its escape); only numeric casts (Spark pushes
 * widening ones; casts to strings or times format and zone values differently); no division (decimal
 * result types differ); the functions and aggregates below, whose Hive semantics are Spark's.
 */
final class HiveQlExpressions extends V2ExpressionSQLBuilder {
    /** Spark's names of the scalar functions pushed: Hive's functions of the same name compute the same values. */
    static final Set<String> FUNCTIONS = Set.of("ABS", "COALESCE", "UPPER", "LOWER", "FLOOR", "CEIL");
    /** The aggregates pushed. */
    static final Set<String> AGGREGATES = Set.of("MIN", "MAX", "COUNT", "SUM", "AVG");

    private final HadoopDbSparkDialect dialect;

    HiveQlExpressions(HadoopDbSparkDialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public String build(Expression expr) {
        if (expr instanceof GeneralScalarExpression e) {
            switch (e.name()) {
                case "ALWAYS_TRUE":
                    return "TRUE";
                case "ALWAYS_FALSE":
                    return "FALSE";
                case "STARTS_WITH":
                    return like(e, false, true);
                case "ENDS_WITH":
                    return like(e, true, false);
                case "CONTAINS":
                    return like(e, true, true);
                default:
                    break;
            }
        }
        return super.build(expr);
    }

    /** {@code x LIKE 'pattern'} for a string constant, its {@code %} and {@code _} escaped with a backslash. */
    private String like(GeneralScalarExpression e, boolean anyBefore, boolean anyAfter) {
        Expression[] args = e.children();
        if (args.length != 2 || !(args[1] instanceof Literal<?> constant) || !(constant.dataType() instanceof StringType)
                || constant.value() == null) {
            throw new UnsupportedOperationException(e.name() + " is pushed only with a string constant: " + e);
        }
        String value = constant.value().toString();
        if (value.indexOf('\\') >= 0) {
            // Hive's LIKE reads "\x" as x for a constant pattern but as "\x" for one computed at run time
            throw new UnsupportedOperationException(e.name() + " of a string with a backslash is not pushed");
        }
        String pattern = (anyBefore ? "%" : "") + value.replace("%", "\\%").replace("_", "\\_") + (anyAfter ? "%" : "");
        return inputToSQL(args[0]) + " LIKE " + HiveQlLiterals.string(pattern);
    }

    @Override
    protected String visitLiteral(Literal<?> literal) {
        return HiveQlLiterals.of(CatalystValues.external(literal.value(), literal.dataType()));
    }

    @Override
    protected String visitNamedReference(NamedReference ref) {
        String[] names = ref.fieldNames();
        if (names.length != 1) {
            throw new UnsupportedOperationException("Nested fields are not pushed: " + ref);
        }
        return dialect.quoteIdentifier(names[0]);
    }

    @Override
    protected String visitCast(String expr, DataType type) {
        if (!SparkTypes.isNumeric(type)) {
            throw new UnsupportedOperationException("Only numeric casts are pushed, not to " + type.simpleString());
        }
        return "CAST(" + expr + " AS " + SparkTypes.toHive(type).orElseThrow().databaseTypeDefinition() + ")";
    }

    @Override
    protected String visitBinaryArithmetic(String name, String l, String r) {
        if (name.equals("/")) {
            throw new UnsupportedOperationException("Division is not pushed: Hive types its result otherwise");
        }
        return super.visitBinaryArithmetic(name, l, r);
    }

    @Override
    protected String visitSQLFunction(String name, String[] inputs) {
        if (!FUNCTIONS.contains(name)) {
            throw new UnsupportedOperationException("Function " + name + " is not pushed");
        }
        return super.visitSQLFunction(name, inputs);
    }

    @Override
    protected String visitAggregateFunction(String name, boolean distinct, String[] inputs) {
        if (!AGGREGATES.contains(name)) {
            throw new UnsupportedOperationException("Aggregate " + name + " is not pushed");
        }
        return super.visitAggregateFunction(name, distinct, inputs);
    }

    @Override
    protected String visitExtract(String field, String source) {
        throw new UnsupportedOperationException("EXTRACT is not pushed: Spark's fields differ from Hive's");
    }

    @Override
    protected String visitTrim(String direction, String[] inputs) {
        throw new UnsupportedOperationException("TRIM is not pushed");
    }

    @Override
    protected String visitOverlay(String[] inputs) {
        throw new UnsupportedOperationException("OVERLAY is not pushed");
    }
}
