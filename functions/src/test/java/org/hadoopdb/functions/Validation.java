package org.hadoopdb.functions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Validates HiveQL-like expressions over a table {@code t} with Calcite's validator and the function
 * library's operator table, as the planner's analyzer does (same validator settings), without the
 * planner: the expression's type and the arguments the validator ends up with (Hive's conversions
 * inserted as CASTs). Calcite's own parser reads the SQL, so names it reserves ({@code array},
 * {@code map}) are written in double quotes.
 */
final class Validation {
    /** The columns of t, in HiveQL's spelling. */
    static final Map<String, String> COLUMNS = columns("i int", "bi bigint", "ti tinyint", "si smallint", "d double",
            "f float", "m decimal(10,2)", "s string", "v varchar(5)", "bo boolean", "dt date", "ts timestamp", "bin binary",
            "a array<int>", "sa array<string>", "ba array<bigint>", "da array<double>", "ma map<string,int>",
            "mb map<bigint,string>", "md map<date,string>", "st struct<x:int,y:string>", "am array<map<string,int>>",
            "ast array<struct<x:int,y:string>>", "aa array<array<int>>");

    /** Calcite's defaults with Hive's limits the validator relies on (decimal(38), varchar(65535)). */
    static final RelDataTypeSystemImpl HIVE_LIMITS = new RelDataTypeSystemImpl() {
        @Override
        public int getMaxPrecision(SqlTypeName typeName) {
            return switch (typeName) {
                case DECIMAL -> 38;
                case TIMESTAMP -> 6;
                case VARCHAR, CHAR -> 65535;
                default -> super.getMaxPrecision(typeName);
            };
        }

        @Override
        public int getMaxNumericPrecision() {
            return 38;
        }

        @Override
        public int getMaxNumericScale() {
            return 38;
        }
    };

    private final JavaTypeFactory types = new JavaTypeFactoryImpl(HIVE_LIMITS);
    private final CalciteCatalogReader reader;

    Validation() {
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        root.add("t", new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory f) {
                RelDataTypeFactory.Builder row = f.builder();
                COLUMNS.forEach((name, type) -> row.add(name, HiveRelTypes.toRel(HiveType.parse(type), f)));
                return row.build();
            }
        });
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        reader = new CalciteCatalogReader(root, List.of(), types, new CalciteConnectionConfigImpl(props));
    }

    /** The validated call {@code expression} (over t's columns): its arguments as the validator left them. */
    SqlCall call(String expression) {
        SqlSelect select = select(expression, newValidator());
        return (SqlCall) ((SqlBasicCall) select.getSelectList().get(0)).operand(0);
    }

    /** The type of the validated {@code expression}. */
    RelDataType type(String expression) {
        SqlValidator validator = newValidator();
        SqlSelect select = select(expression, validator);
        return validator.getValidatedNodeType(select).getFieldList().get(0).getType();
    }

    /** {@code expression}'s type as HiveQL spells it. */
    String hiveType(String expression) {
        return CollectionTypes.hiveName(type(expression));
    }

    /** The type the validator gave argument {@code i} of the validated call {@code expression}. */
    String argumentType(String expression, int i) {
        SqlValidator validator = newValidator();
        SqlSelect select = select(expression, validator);
        SqlCall call = (SqlCall) ((SqlBasicCall) select.getSelectList().get(0)).operand(0);
        return CollectionTypes.hiveName(validator.getValidatedNodeType(call.operand(i)));
    }

    private SqlSelect select(String expression, SqlValidator validator) {
        try {
            SqlNode query = SqlParser.create("SELECT " + expression + " AS x FROM t", SqlParser.config()
                    .withCaseSensitive(false).withUnquotedCasing(Casing.UNCHANGED).withQuotedCasing(Casing.UNCHANGED)
                    .withConformance(SqlConformanceEnum.LENIENT)).parseQuery();
            return (SqlSelect) validator.validate(query);
        } catch (SqlParseException e) {
            throw new IllegalArgumentException("Not SQL Calcite parses: " + expression, e);
        }
    }

    /** A validator set up as the analyzer's. */
    private SqlValidator newValidator() {
        SqlValidator.Config config = SqlValidator.Config.DEFAULT.withIdentifierExpansion(true)
                .withConformance(SqlConformanceEnum.LENIENT).withTypeCoercionEnabled(true);
        return SqlValidatorUtil.newValidator(HiveFunctionLibrary.instance().operatorTable(), reader, types, config);
    }

    private static Map<String, String> columns(String... columns) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String c : columns) {
            String[] parts = c.split(" ", 2);
            out.put(parts[0], parts[1]);
        }
        return out;
    }
}
