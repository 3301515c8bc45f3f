package org.hadoopdb.hiveql.parse;

import java.util.List;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.functions.HiveOperators;

/**
 * A small in-memory catalog and Calcite's validator and SqlToRelConverter, set up the way the planner
 * uses them, to prove that parsed trees are well formed. Character columns use the parser's charset.
 */
final class CalciteValidation {
    private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl();
    private final CalciteCatalogReader catalogReader;

    CalciteValidation() {
        SchemaPlus top = CalciteSchema.createRootSchema(false).plus();
        // the tables are in schema "default", where unqualified names are found, as the planner sets it up
        SchemaPlus root = top.add("default", new org.apache.calcite.schema.impl.AbstractSchema());
        root.add("t", table("a int, b string, c double, d date, s string, x int"));
        root.add("u", table("x int, b string, k int"));
        root.add("uservisits", table("sourceip string, desturl string, visitdate date, adrevenue float"));
        root.add("rankings", table("pageurl string, pagerank int, avgduration int"));
        root.add("part", table("p_partkey bigint, p_name string, p_mfgr string, p_brand string, p_type string, "
                + "p_size int, p_container string, p_retailprice decimal(15,2), p_comment string"));
        root.add("supplier", table("s_suppkey bigint, s_name string, s_address string, s_nationkey int, "
                + "s_phone string, s_acctbal decimal(15,2), s_comment string"));
        root.add("partsupp", table("ps_partkey bigint, ps_suppkey bigint, ps_availqty int, "
                + "ps_supplycost decimal(15,2), ps_comment string"));
        root.add("customer", table("c_custkey bigint, c_name string, c_address string, c_nationkey int, "
                + "c_phone string, c_acctbal decimal(15,2), c_mktsegment string, c_comment string"));
        root.add("orders", table("o_orderkey bigint, o_custkey bigint, o_orderstatus string, "
                + "o_totalprice decimal(15,2), o_orderdate date, o_orderpriority string, o_clerk string, "
                + "o_shippriority int, o_comment string"));
        root.add("lineitem", table("l_orderkey bigint, l_partkey bigint, l_suppkey bigint, l_linenumber int, "
                + "l_quantity decimal(15,2), l_extendedprice decimal(15,2), l_discount decimal(15,2), "
                + "l_tax decimal(15,2), l_returnflag string, l_linestatus string, l_shipdate date, "
                + "l_commitdate date, l_receiptdate date, l_shipinstruct string, l_shipmode string, l_comment string"));
        root.add("nation", table("n_nationkey int, n_name string, n_regionkey int, n_comment string"));
        root.add("region", table("r_regionkey int, r_name string, r_comment string"));
        Properties properties = new Properties();
        properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(properties);
        catalogReader = new CalciteCatalogReader(CalciteSchema.from(top), List.of("default"), typeFactory, config);
    }

    /** A table from "name hivetype, …"; every column nullable, strings in the parser's charset. */
    private static AbstractTable table(String columns) {
        return new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory factory) {
                RelDataTypeFactory.Builder row = factory.builder();
                for (String column : columns.split(",\\s*(?![^()]*\\))")) {
                    String[] parts = column.trim().split("\\s+", 2);
                    row.add(parts[0], factory.createTypeWithNullability(type(factory, HiveType.parse(parts[1])), true));
                }
                return row.build();
            }
        };
    }

    private static RelDataType type(RelDataTypeFactory factory, HiveType type) {
        return switch (type.kind()) {
            case INT -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case FLOAT -> factory.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case STRING -> factory.createTypeWithCharsetAndCollation(factory.createSqlType(SqlTypeName.VARCHAR),
                    SqlUtil.getCharset(Literals.CHARSET), SqlCollation.IMPLICIT);
            default -> throw new IllegalArgumentException("no test mapping for " + type);
        };
    }

    private SqlValidator validator() {
        var hive = SqlOperatorTables.of(HiveOperators.DIVIDE, HiveOperators.INT_DIVIDE, HiveOperators.RLIKE,
                SqlLibraryOperators.CONCAT_FUNCTION, SqlLibraryOperators.IF, SqlLibraryOperators.LEFT,
                SqlLibraryOperators.RIGHT, SqlLibraryOperators.SUBSTR_BIG_QUERY);
        return SqlValidatorUtil.newValidator(SqlOperatorTables.chain(SqlStdOperatorTable.instance(), hive),
                catalogReader, typeFactory, SqlValidator.Config.DEFAULT.withIdentifierExpansion(true));
    }

    /** Validates the tree and converts it to a relational plan; returns the plan's row type. */
    RelDataType validateAndConvert(SqlNode query) {
        return convert(query).validatedRowType;
    }

    /** Validates the tree and converts it to a relational plan. */
    RelRoot convert(SqlNode query) {
        SqlValidator validator = validator();
        SqlNode validated = validator.validate(query);
        RelOptCluster cluster = RelOptCluster.create(new VolcanoPlanner(), new RexBuilder(typeFactory));
        SqlToRelConverter converter = new SqlToRelConverter(null, validator, catalogReader, cluster,
                StandardConvertletTable.INSTANCE, SqlToRelConverter.config().withTrimUnusedFields(false));
        return converter.convertQuery(validated, false, true);
    }
}
