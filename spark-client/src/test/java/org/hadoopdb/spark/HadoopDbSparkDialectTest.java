package org.hadoopdb.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcOptionsInWrite;
import org.apache.spark.sql.jdbc.JdbcDialect;
import org.apache.spark.sql.jdbc.JdbcDialects;
import org.apache.spark.sql.jdbc.JdbcType;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringContains;
import org.apache.spark.sql.sources.StringEndsWith;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MetadataBuilder;
import org.hadoopdb.jdbc.client.spark.HadoopDbSparkDialect;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * The dialect inside Spark 3.5, found the way Spark finds it: by URL in Spark's registry, after the
 * driver jar's driver class was loaded. Filters are Spark's own V1 filters converted as its JDBC source
 * converts them ({@code Filter.toV2}), so literals arrive in Spark's internal forms.
 */
class HadoopDbSparkDialectTest {
    static final String URL = "jdbc:hadoopdb://127.0.0.1:8765";
    private static JdbcDialect dialect;

    @BeforeAll
    static void loadTheDriver() throws Exception {
        Class.forName("org.hadoopdb.jdbc.HadoopDbDriver");
        dialect = JdbcDialects.get(URL);
    }

    /** What the dialect makes of {@code filter}, as Spark's V1 JDBC source asks; null when it is not pushed. */
    private static String pushed(Filter filter) {
        return compiled(filter.toV2());
    }

    private static String compiled(Expression e) {
        Option<String> sql = dialect.compileExpression(e);
        return sql.isDefined() ? sql.get() : null;
    }

    @Test
    void loadingTheDriverRegistersTheDialectForHadoopDbUrlsOnly() {
        assertThat(dialect).isSameAs(HadoopDbSparkDialect.INSTANCE);
        assertThat(JdbcDialects.get("JDBC:HADOOPDB:home=/x")).isSameAs(HadoopDbSparkDialect.INSTANCE);
        assertThat(JdbcDialects.get("jdbc:postgresql://h/db")).isNotInstanceOf(HadoopDbSparkDialect.class);
        // registering again keeps one entry: the lookup finds one dialect, not an aggregate of copies
        HadoopDbSparkDialect.register();
        assertThat(JdbcDialects.get(URL)).isSameAs(HadoopDbSparkDialect.INSTANCE);
    }

    @Test
    void namesAreBackquotedWithBackquotesDoubled() {
        assertThat(dialect.quoteIdentifier("id")).isEqualTo("`id`");
        assertThat(dialect.quoteIdentifier("we`ird name")).isEqualTo("`we``ird name`");
    }

    private static DataType catalyst(int code, String name, int precision, long scale) {
        MetadataBuilder md = new MetadataBuilder().putLong("scale", scale);
        Option<DataType> t = dialect.getCatalystType(code, name, precision, md);
        return t.isDefined() ? t.get() : null;
    }

    @Test
    void hiveQlTypesMapToSparksExactTypes() {
        assertThat(catalyst(Types.TINYINT, "TINYINT", 3, 0)).isEqualTo(DataTypes.ByteType);
        assertThat(catalyst(Types.SMALLINT, "SMALLINT", 5, 0)).isEqualTo(DataTypes.ShortType);
        assertThat(catalyst(Types.INTEGER, "INT", 10, 0)).isEqualTo(DataTypes.IntegerType);
        assertThat(catalyst(Types.BIGINT, "BIGINT", 19, 0)).isEqualTo(DataTypes.LongType);
        assertThat(catalyst(Types.REAL, "FLOAT", 7, 0)).isEqualTo(DataTypes.FloatType);
        assertThat(catalyst(Types.DOUBLE, "DOUBLE", 15, 0)).isEqualTo(DataTypes.DoubleType);
        assertThat(catalyst(Types.DECIMAL, "DECIMAL", 10, 2)).isEqualTo(DataTypes.createDecimalType(10, 2));
        assertThat(catalyst(Types.VARCHAR, "STRING", Integer.MAX_VALUE, 0)).isEqualTo(DataTypes.StringType);
        assertThat(catalyst(Types.VARCHAR, "VARCHAR", 100, 0)).isEqualTo(DataTypes.StringType);
        assertThat(catalyst(Types.CHAR, "CHAR", 2, 0)).isEqualTo(DataTypes.StringType);
        assertThat(catalyst(Types.BOOLEAN, "BOOLEAN", 1, 0)).isEqualTo(DataTypes.BooleanType);
        assertThat(catalyst(Types.DATE, "DATE", 10, 0)).isEqualTo(DataTypes.DateType);
        assertThat(catalyst(Types.BINARY, "BINARY", Integer.MAX_VALUE, 0)).isEqualTo(DataTypes.BinaryType);
        assertThat(catalyst(Types.VARCHAR, "array<int>", Integer.MAX_VALUE, 0)).isEqualTo(DataTypes.StringType);
        assertThat(catalyst(Types.VARCHAR, "map<string,array<double>>", Integer.MAX_VALUE, 0)).isEqualTo(DataTypes.StringType);
        // Spark's own mapping decides TIMESTAMP, so its preferTimestampNTZ option still applies
        assertThat(catalyst(Types.TIMESTAMP, "TIMESTAMP", 29, 9)).isNull();
    }

    private static String hive(DataType t) {
        Option<JdbcType> j = dialect.getJDBCType(t);
        return j.isDefined() ? j.get().databaseTypeDefinition() + "/" + j.get().jdbcNullType() : null;
    }

    @Test
    void sparkTypesMapToHiveQlColumnTypes() {
        assertThat(hive(DataTypes.StringType)).isEqualTo("STRING/" + Types.VARCHAR);
        assertThat(hive(DataTypes.BooleanType)).isEqualTo("BOOLEAN/" + Types.BOOLEAN);
        assertThat(hive(DataTypes.ByteType)).isEqualTo("TINYINT/" + Types.TINYINT);
        assertThat(hive(DataTypes.ShortType)).isEqualTo("SMALLINT/" + Types.SMALLINT);
        assertThat(hive(DataTypes.IntegerType)).isEqualTo("INT/" + Types.INTEGER);
        assertThat(hive(DataTypes.LongType)).isEqualTo("BIGINT/" + Types.BIGINT);
        assertThat(hive(DataTypes.FloatType)).isEqualTo("FLOAT/" + Types.REAL);
        assertThat(hive(DataTypes.DoubleType)).isEqualTo("DOUBLE/" + Types.DOUBLE);
        assertThat(hive(DataTypes.createDecimalType(38, 10))).isEqualTo("DECIMAL(38,10)/" + Types.DECIMAL);
        assertThat(hive(DataTypes.DateType)).isEqualTo("DATE/" + Types.DATE);
        assertThat(hive(DataTypes.TimestampType)).isEqualTo("TIMESTAMP/" + Types.TIMESTAMP);
        assertThat(hive(DataTypes.TimestampNTZType)).isEqualTo("TIMESTAMP/" + Types.TIMESTAMP);
        assertThat(hive(DataTypes.BinaryType)).isEqualTo("BINARY/" + Types.BINARY);
        assertThat(hive(DataTypes.createArrayType(DataTypes.IntegerType))).isNull();
    }

    @Test
    void sparksV1FiltersBecomeHiveQl() {
        assertThat(pushed(new LessThan("v", 190))).isEqualTo("`v` < 190");
        assertThat(pushed(new IsNotNull("v"))).isEqualTo("`v` IS NOT NULL");
        assertThat(pushed(new EqualTo("s", "it's a \\ b"))).isEqualTo("`s` = 'it\\'s a \\\\ b'");
        assertThat(pushed(new EqualTo("n", -5L))).isEqualTo("`n` = (-5)");
        assertThat(pushed(new EqualTo("price", new BigDecimal("12.50")))).isEqualTo("`price` = 12.50BD");
        assertThat(pushed(new EqualTo("f", 0.1f))).isEqualTo("`f` = CAST(0.10000000149011612 AS FLOAT)");
        assertThat(pushed(new GreaterThanOrEqual("d", java.sql.Date.valueOf("2024-03-01")))).isEqualTo("`d` >= DATE '2024-03-01'");
        assertThat(pushed(new GreaterThanOrEqual("d", LocalDate.of(2024, 3, 1)))).isEqualTo("`d` >= DATE '2024-03-01'");
        assertThat(pushed(new LessThan("ts", Timestamp.valueOf("2024-03-01 10:15:30.5"))))
                .isEqualTo("`ts` < TIMESTAMP '2024-03-01 10:15:30.5'");
        assertThat(pushed(new In("v", new Object[] {1, 2, 3}))).isEqualTo("`v` IN (1, 2, 3)");
        assertThat(pushed(new Or(new LessThan("v", 1), new EqualTo("s", "x")))).isEqualTo("(`v` < 1) OR (`s` = 'x')");
        assertThat(pushed(new EqualTo("we`ird", 1))).isEqualTo("`we``ird` = 1");
    }

    @Test
    void stringMatchesBecomeLikeWithoutAnEscapeClause() {
        assertThat(pushed(new StringStartsWith("s", "it's #1"))).isEqualTo("`s` LIKE 'it\\'s #1%'");
        assertThat(pushed(new StringEndsWith("s", "50%"))).isEqualTo("`s` LIKE '%50\\\\%'");
        assertThat(pushed(new StringContains("s", "a_b"))).isEqualTo("`s` LIKE '%a\\\\_b%'");
        // a backslash means one thing to Hive's LIKE in a constant and another at run time: Spark filters itself
        assertThat(pushed(new StringStartsWith("s", "a\\b"))).isNull();
    }

    @Test
    void whatHiveComputesOtherwiseIsLeftToSpark() {
        assertThat(pushed(new EqualTo("x", Double.NaN))).isNull();
        assertThat(pushed(new EqualTo("b", new byte[] {1}))).isNull();
        assertThat(compiled(new Predicate("=", new Expression[] {
                FieldReference.column("a.b"), new LiteralValue<>(1, DataTypes.IntegerType)}))).isEqualTo("`a.b` = 1");
        // a nested field (a struct's) is not pushed
        assertThat(compiled(new Predicate("=", new Expression[] {
                FieldReference.apply("a.b"), new LiteralValue<>(1, DataTypes.IntegerType)}))).isNull();
        Expression v = Expressions.column("v");
        assertThat(compiled(new Predicate(">", new Expression[] {
                new GeneralScalarExpression("/", new Expression[] {v, new LiteralValue<>(2, DataTypes.IntegerType)}),
                new LiteralValue<>(1, DataTypes.IntegerType)}))).isNull();
        assertThat(compiled(new Predicate("=", new Expression[] {
                new org.apache.spark.sql.connector.expressions.Cast(v, DataTypes.StringType),
                new LiteralValue<>(org.apache.spark.unsafe.types.UTF8String.fromString("1"), DataTypes.StringType)}))).isNull();
        assertThat(compiled(new Predicate("=", new Expression[] {
                new org.apache.spark.sql.connector.expressions.Cast(v, DataTypes.LongType),
                new LiteralValue<>(1L, DataTypes.LongType)}))).isEqualTo("CAST(`v` AS BIGINT) = 1");
        assertThat(compiled(new GeneralScalarExpression("SQRT", new Expression[] {v}))).isNull();
        assertThat(compiled(new GeneralScalarExpression("ABS", new Expression[] {v}))).isEqualTo("ABS(`v`)");
    }

    @Test
    void limitIsPushedOffsetIsNot() {
        assertThat(dialect.supportsLimit()).isTrue();
        assertThat(dialect.getLimitClause(5)).isEqualTo("LIMIT 5");
        assertThat(dialect.getLimitClause(0)).isEmpty();
        assertThat(dialect.supportsOffset()).isFalse();
        assertThat(dialect.supportsTableSample()).isFalse();
    }

    @Test
    void tableStatementsAreHiveQl() {
        assertThat(dialect.getTableExistsQuery("t")).isEqualTo("SELECT 1 FROM t WHERE 1=0");
        assertThat(dialect.getSchemaQuery("db.t")).isEqualTo("SELECT * FROM db.t WHERE 1=0");
        assertThat(dialect.getTruncateQuery("t")).isEqualTo("TRUNCATE TABLE t");
        assertThat(dialect.getTruncateQuery("t", Option.apply(true))).isEqualTo("TRUNCATE TABLE t");
        assertThat(dialect.isCascadingTruncateTable()).isEqualTo(Option.apply(false));
    }

    @Test
    void createTableDropsTheNotNullHiveQlHasNoSyntaxFor() {
        List<String> executed = new ArrayList<>();
        Statement statement = (Statement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Statement.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("executeUpdate")) {
                        executed.add((String) args[0]);
                        return 0;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        JdbcOptionsInWrite options = new JdbcOptionsInWrite(URL, "w",
                scala.collection.immutable.Map$.MODULE$.<String, String>empty()
                        .updated("createTableOptions", "CLUSTERED BY (id) INTO 4 BUCKETS"));
        dialect.createTable(statement, "w", "`id` BIGINT NOT NULL, `s` STRING ", options);
        assertThat(executed).containsExactly("CREATE TABLE w (`id` BIGINT, `s` STRING) CLUSTERED BY (id) INTO 4 BUCKETS");
    }

    @Test
    void theDialectSurvivesSparksSerializationAsTheSameInstance() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(dialect);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isSameAs(HadoopDbSparkDialect.INSTANCE);
        }
    }
}
