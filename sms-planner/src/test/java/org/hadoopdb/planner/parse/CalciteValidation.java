package org.hadoopdb.planner.parse;

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
import org.hadoopdb.planner.functions.HiveOperators;

/**
 * A small in-memory catalog and Calcite's validator and SqlToRelConverter, set up the way the planner
 * uses them, to prove that parsed trees are well formed. Character columns use the parser's charset.
 */
final class CalciteValidation {
    private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl();
    private final CalciteCatalogReader catalogReader;

    CalciteValidation() {
        SchemaPlus root = CalciteSchema.createRootSchema(false).plus();
        root.add("t", table("a", SqlTypeName.INTEGER, "b", SqlTypeName.VARCHAR, "c", SqlTypeName.DOUBLE,
                "d", SqlTypeName.DATE, "s", SqlTypeName.VARCHAR, "x", SqlTypeName.INTEGER));
        root.add("u", table("x", SqlTypeName.INTEGER, "b", SqlTypeName.VARCHAR, "k", SqlTypeName.INTEGER));
        root.add("uservisits", table("sourceip", SqlTypeName.VARCHAR, "desturl", SqlTypeName.VARCHAR,
                "visitdate", SqlTypeName.DATE, "adrevenue", SqlTypeName.DOUBLE));
        root.add("rankings", table("pageurl", SqlTypeName.VARCHAR, "pagerank", SqlTypeName.INTEGER,
                "avgduration", SqlTypeName.INTEGER));
        Properties properties = new Properties();
        properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(properties);
        catalogReader = new CalciteCatalogReader(CalciteSchema.from(root), List.of(), typeFactory, config);
    }

    private static AbstractTable table(Object... columns) {
        return new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory factory) {
                RelDataTypeFactory.Builder row = factory.builder();
                for (int i = 0; i < columns.length; i += 2) {
                    RelDataType type = factory.createSqlType((SqlTypeName) columns[i + 1]);
                    if (type.getSqlTypeName() == SqlTypeName.VARCHAR) {
                        type = factory.createTypeWithCharsetAndCollation(type, SqlUtil.getCharset(Literals.CHARSET),
                                SqlCollation.IMPLICIT);
                    }
                    row.add((String) columns[i], factory.createTypeWithNullability(type, true));
                }
                return row.build();
            }
        };
    }

    private SqlValidator validator() {
        var hive = SqlOperatorTables.of(HiveOperators.DIVIDE, HiveOperators.INT_DIVIDE, HiveOperators.RLIKE,
                SqlLibraryOperators.CONCAT_FUNCTION, SqlLibraryOperators.IF, SqlLibraryOperators.LEFT,
                SqlLibraryOperators.RIGHT);
        return SqlValidatorUtil.newValidator(SqlOperatorTables.chain(SqlStdOperatorTable.instance(), hive),
                catalogReader, typeFactory, SqlValidator.Config.DEFAULT.withIdentifierExpansion(true));
    }

    /** Validates the tree and converts it to a relational plan; returns the plan's row type. */
    RelDataType validateAndConvert(SqlNode query) {
        SqlValidator validator = validator();
        SqlNode validated = validator.validate(query);
        RelOptCluster cluster = RelOptCluster.create(new VolcanoPlanner(), new RexBuilder(typeFactory));
        SqlToRelConverter converter = new SqlToRelConverter(null, validator, catalogReader, cluster,
                StandardConvertletTable.INSTANCE, SqlToRelConverter.config().withTrimUnusedFields(false));
        RelRoot root = converter.convertQuery(validated, false, true);
        return root.validatedRowType;
    }
}
