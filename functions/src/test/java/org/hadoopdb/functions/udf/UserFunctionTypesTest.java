package org.hadoopdb.functions.udf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;
import org.hadoopdb.functions.udf.spi.Argument;
import org.junit.jupiter.api.Test;

/** HadoopDB's types in Hive's spelling for a user function's arguments, and its result's spelling back in Calcite's. */
class UserFunctionTypesTest {
    private final RelDataTypeFactory f = new JavaTypeFactoryImpl();

    private RelDataType t(SqlTypeName n) {
        return f.createSqlType(n);
    }

    @Test
    void argumentsAreTypedAsHiveTypesThem() {
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.INTEGER))).isEqualTo("int");
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.TINYINT))).isEqualTo("tinyint");
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.BIGINT))).isEqualTo("bigint");
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.REAL))).isEqualTo("float");
        assertThat(UserFunctionTypes.argumentType(f.createSqlType(SqlTypeName.DECIMAL, 12, 3))).isEqualTo("decimal(12,3)");
        // a string literal is Calcite's CHAR(n), Hive's string
        assertThat(UserFunctionTypes.argumentType(f.createSqlType(SqlTypeName.CHAR, 3))).isEqualTo("string");
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.VARCHAR))).isEqualTo("string");
        assertThat(UserFunctionTypes.argumentType(f.createSqlType(SqlTypeName.VARCHAR, 20))).isEqualTo("varchar(20)");
        assertThat(UserFunctionTypes.argumentType(t(SqlTypeName.NULL))).isEqualTo("void");
        assertThat(UserFunctionTypes.argumentType(f.createArrayType(t(SqlTypeName.DATE), -1))).isEqualTo("array<date>");
        assertThat(UserFunctionTypes.argumentType(f.createMapType(t(SqlTypeName.VARCHAR), t(SqlTypeName.TIMESTAMP))))
                .isEqualTo("map<string,timestamp>");
        assertThat(UserFunctionTypes.argumentType(f.createStructType(List.of(t(SqlTypeName.INTEGER), t(SqlTypeName.VARBINARY)),
                List.of("A", "b")))).isEqualTo("struct<a:int,b:binary>");
        assertThatThrownBy(() -> UserFunctionTypes.argumentType(f.createSqlIntervalType(
                new org.apache.calcite.sql.SqlIntervalQualifier(org.apache.calcite.avatica.util.TimeUnit.DAY, null,
                        org.apache.calcite.sql.parser.SqlParserPos.ZERO))))
                .isInstanceOf(UserFunctionException.class).hasMessageContaining("cannot take a value of type interval");
    }

    @Test
    void resultTypesComeBackAsTheColumnTypesOfHiveQL() {
        assertThat(UserFunctionTypes.resultType("int", f).getSqlTypeName()).isEqualTo(SqlTypeName.INTEGER);
        assertThat(UserFunctionTypes.resultType("string", f).getSqlTypeName()).isEqualTo(SqlTypeName.VARCHAR);
        assertThat(UserFunctionTypes.resultType("void", f).getSqlTypeName()).isEqualTo(SqlTypeName.VARCHAR);
        RelDataType d = UserFunctionTypes.resultType("decimal(7,2)", f);
        assertThat(d.getPrecision()).isEqualTo(7);
        assertThat(d.getScale()).isEqualTo(2);
        assertThat(d.isNullable()).isTrue();
        RelDataType m = UserFunctionTypes.resultType("map<string,array<bigint>>", f);
        assertThat(m.getSqlTypeName()).isEqualTo(SqlTypeName.MAP);
        assertThat(m.getValueType().getComponentType().getSqlTypeName()).isEqualTo(SqlTypeName.BIGINT);
        RelDataType s = UserFunctionTypes.resultType("struct<x:double,y:string>", f);
        assertThat(s.getFieldNames()).containsExactly("x", "y");
        assertThatThrownBy(() -> UserFunctionTypes.resultType("interval_day_time", f)).isInstanceOf(UserFunctionException.class)
                .hasMessageContaining("its result type interval_day_time is not a HiveQL column type");
    }

    @Test
    void literalsArePassedAsConstantsInTheirRowForms() {
        RexBuilder rex = new RexBuilder(f);
        List<RexNode> operands = List.of(rex.makeLiteral("yyyy"), rex.makeExactLiteral(BigDecimal.valueOf(7)),
                rex.makeExactLiteral(BigDecimal.valueOf(-3), t(SqlTypeName.BIGINT)), rex.makeLiteral(true),
                rex.makeApproxLiteral(BigDecimal.valueOf(2.5)), rex.makeNullLiteral(t(SqlTypeName.NULL)),
                rex.makeInputRef(t(SqlTypeName.DOUBLE), 0), rex.makeDateLiteral(new org.apache.calcite.util.DateString(2020, 1, 2)));
        assertThat(UserFunction.arguments(operands)).containsExactly(Argument.constant("string", "yyyy"),
                Argument.constant("int", 7), Argument.constant("bigint", -3L), Argument.constant("boolean", true),
                Argument.constant("double", 2.5), Argument.constant("void", null), Argument.of("double"), Argument.of("date"));
        assertThat(UserFunctionTypes.constantValue(new NlsString("x", null, null), f.createSqlType(SqlTypeName.CHAR, 1))).isEqualTo("x");
        assertThat(UserFunctionTypes.constantValue(new BigDecimal("1.5"), f.createSqlType(SqlTypeName.DECIMAL, 5, 2)))
                .isEqualTo(new BigDecimal("1.50"));
    }
}
