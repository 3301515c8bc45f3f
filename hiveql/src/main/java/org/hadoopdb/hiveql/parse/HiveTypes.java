package org.hadoopdb.hiveql.parse;

import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCollectionTypeNameSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlMapTypeNameSpec;
import org.apache.calcite.sql.SqlRowTypeNameSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.HiveType;

/**
 * The one mapping from a HiveQL type spelling (in CAST and CREATE TABLE) to Calcite. The spelling is
 * checked by the catalog's {@link HiveType#parse}, so the parser accepts exactly the types a table can
 * have: STRING → VARCHAR (no length), VARCHAR(n), CHAR(n), TINYINT, SMALLINT, INT/INTEGER, BIGINT,
 * FLOAT → REAL, DOUBLE [PRECISION], DECIMAL[(p[,s])] (default (10,0)), BOOLEAN, DATE, TIMESTAMP,
 * BINARY → VARBINARY; ARRAY, MAP and STRUCT → Calcite's ARRAY, MAP and ROW types.
 */
public final class HiveTypes {
    private HiveTypes() {
    }

    /** The catalog's type for a {@code columnType} rule; a syntax error at the type when it is not one. */
    static HiveType hiveType(HiveQL.ColumnTypeContext ctx, SourceText source) {
        String spelling = spelling(ctx, source);
        try {
            return HiveType.parse(spelling);
        } catch (CatalogException e) {
            throw source.error(ctx.getStart(), e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw source.error(ctx.getStart(), "type parameter out of range in '" + spelling + "'", e);
        }
    }

    static SqlDataTypeSpec sqlType(HiveQL.ColumnTypeContext ctx, SourceText source) {
        return sqlType(hiveType(ctx, source), source.pos(ctx));
    }

    /** The Calcite type spec of a catalog type, as CAST and CREATE TABLE spell it. */
    public static SqlDataTypeSpec sqlType(HiveType type, SqlParserPos pos) {
        return new SqlDataTypeSpec(typeName(type, pos), pos);
    }

    private static SqlTypeNameSpec typeName(HiveType type, SqlParserPos pos) {
        return switch (type.kind()) {
            case ARRAY -> new SqlCollectionTypeNameSpec(typeName(type.elementType(), pos), SqlTypeName.ARRAY, pos);
            case MAP -> new SqlMapTypeNameSpec(sqlType(type.keyType(), pos), sqlType(type.valueType(), pos), pos);
            case STRUCT -> new SqlRowTypeNameSpec(pos,
                    type.fieldNames().stream().map(n -> new SqlIdentifier(n, pos)).toList(),
                    type.fieldTypes().stream().map(t -> sqlType(t, pos)).toList());
            default -> basicTypeName(type, pos);
        };
    }

    private static SqlBasicTypeNameSpec basicTypeName(HiveType type, SqlParserPos pos) {
        return switch (type.kind()) {
            case TINYINT -> new SqlBasicTypeNameSpec(SqlTypeName.TINYINT, pos);
            case SMALLINT -> new SqlBasicTypeNameSpec(SqlTypeName.SMALLINT, pos);
            case INT -> new SqlBasicTypeNameSpec(SqlTypeName.INTEGER, pos);
            case BIGINT -> new SqlBasicTypeNameSpec(SqlTypeName.BIGINT, pos);
            case FLOAT -> new SqlBasicTypeNameSpec(SqlTypeName.REAL, pos);
            case DOUBLE -> new SqlBasicTypeNameSpec(SqlTypeName.DOUBLE, pos);
            case DECIMAL -> new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, type.precision(), type.scale(), pos);
            case STRING -> new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, pos);
            case VARCHAR -> new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, type.length(), pos);
            case CHAR -> new SqlBasicTypeNameSpec(SqlTypeName.CHAR, type.length(), pos);
            case BOOLEAN -> new SqlBasicTypeNameSpec(SqlTypeName.BOOLEAN, pos);
            case DATE -> new SqlBasicTypeNameSpec(SqlTypeName.DATE, pos);
            case TIMESTAMP -> new SqlBasicTypeNameSpec(SqlTypeName.TIMESTAMP, pos);
            case BINARY -> new SqlBasicTypeNameSpec(SqlTypeName.VARBINARY, pos);
            case ARRAY, MAP, STRUCT -> throw new IllegalArgumentException(type + " is not a primitive type");
        };
    }

    /** The written type, normalised to lower case without blanks: {@code DECIMAL( 10, 2 )} → {@code decimal(10,2)}. */
    private static String spelling(HiveQL.ColumnTypeContext ctx, SourceText source) {
        if (ctx.complex != null) {
            return source.text(ctx); // array<…>, map<…>, struct<…>: HiveType reads the nested spelling
        }
        String name;
        if (ctx.DOUBLE() != null) {
            name = ctx.PRECISION() != null ? "double precision" : "double";
        } else if (ctx.identifier() != null) {
            name = Identifiers.name(ctx.identifier(), source);
        } else {
            name = Identifiers.lower(ctx.getStart().getText());
        }
        if (ctx.precision == null) {
            return name;
        }
        return name + "(" + ctx.precision.getText() + (ctx.scale == null ? "" : "," + ctx.scale.getText()) + ")";
    }
}
