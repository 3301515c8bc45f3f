package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code x IN (…)} whose list mixes string and numeric constants, as Hive evaluates it: Hive splits
 * the list by the constants' types and compares {@code x} with each part in the common type of
 * {@code x} and that part ({@code id IN (1, 'a', 2.5)} is {@code id IN (1, 2.5) OR id IN ('a')}), where
 * one common type for the whole list would cast 2.5 to the integer 2. Lists of one kind are left as
 * they are.
 */
final class InLists {
    private InLists() {
    }

    static SqlNode in(SqlNode left, SqlNodeList list, boolean negated, SqlParserPos pos) {
        Map<String, SqlNodeList> parts = new LinkedHashMap<>();
        for (SqlNode e : list) {
            parts.computeIfAbsent(kind(e), k -> new SqlNodeList(list.getParserPosition())).add(e);
        }
        if (parts.size() == 1 || !parts.containsKey("string") || !parts.containsKey("number")) {
            return (negated ? SqlStdOperatorTable.NOT_IN : SqlStdOperatorTable.IN).createCall(pos, left, list);
        }
        List<SqlNode> ins = new ArrayList<>();
        parts.values().forEach(part -> ins.add(SqlStdOperatorTable.IN.createCall(pos, left, part)));
        SqlNode any = ins.get(0);
        for (int i = 1; i < ins.size(); i++) {
            any = SqlStdOperatorTable.OR.createCall(pos, any, ins.get(i));
        }
        return negated ? SqlStdOperatorTable.NOT.createCall(pos, any) : any;
    }

    private static String kind(SqlNode e) {
        if (e instanceof SqlCharStringLiteral) {
            return "string";
        }
        if (e instanceof SqlNumericLiteral
                || e instanceof SqlCall c && c.getKind() == SqlKind.MINUS_PREFIX && c.operand(0) instanceof SqlNumericLiteral) {
            return "number";
        }
        return "other";
    }
}
