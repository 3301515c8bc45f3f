package org.hadoopdb.hiveql.parse;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

/** The {@code literal} rule's alternatives as Calcite literals; the value rules are in {@link Literals}. */
final class LiteralBuilder extends HiveQLBaseVisitor<SqlNode> {
    private final SourceText source;

    LiteralBuilder(SourceText source) {
        this.source = source;
    }

    @Override
    public SqlNode visitNullLiteral(HiveQL.NullLiteralContext ctx) {
        return SqlLiteral.createNull(source.pos(ctx));
    }

    @Override
    public SqlNode visitBooleanLiteral(HiveQL.BooleanLiteralContext ctx) {
        return SqlLiteral.createBoolean(ctx.TRUE() != null, source.pos(ctx));
    }

    @Override
    public SqlNode visitNumericLiteral(HiveQL.NumericLiteralContext ctx) {
        return Literals.number(ctx.number().getStart(), false, source.pos(ctx), source);
    }

    @Override
    public SqlNode visitStringLiteralValue(HiveQL.StringLiteralValueContext ctx) {
        return Literals.string(Literals.stringValue(ctx.stringLiteral()), source.pos(ctx));
    }

    @Override
    public SqlNode visitDateLiteral(HiveQL.DateLiteralContext ctx) {
        return Literals.date(ctx.stringLiteral().getStart(), Literals.stringValue(ctx.stringLiteral()),
                source.pos(ctx), source);
    }

    @Override
    public SqlNode visitTimestampLiteral(HiveQL.TimestampLiteralContext ctx) {
        return Literals.timestamp(ctx.stringLiteral().getStart(), Literals.stringValue(ctx.stringLiteral()),
                source.pos(ctx), source);
    }

    @Override
    public SqlNode visitIntervalLiteral(HiveQL.IntervalLiteralContext ctx) {
        int sign = ctx.sign != null && ctx.sign.getType() == HiveQLLexer.MINUS_SIGN ? -1 : 1;
        return interval(sign, ctx.value, ctx.intervalQualifier(), ctx);
    }

    /** Hive's {@code 30 days}: the same literal as {@code INTERVAL '30' DAY}. */
    @Override
    public SqlNode visitIntervalShorthand(HiveQL.IntervalShorthandContext ctx) {
        return interval(1, ctx.value, ctx.intervalQualifier(), ctx);
    }

    private SqlNode interval(int sign, Token value, HiveQL.IntervalQualifierContext q, ParserRuleContext ctx) {
        String text = value.getType() == HiveQLLexer.STRING ? HiveStrings.unescape(value.getText()) : value.getText();
        TimeUnit start = timeUnit(q.getStart());
        TimeUnit end = q.TO() != null ? timeUnit(q.getStop()) : null;
        return Literals.interval(sign, text, start, end, source.pos(ctx));
    }

    private static TimeUnit timeUnit(Token token) {
        return switch (token.getType()) {
            case HiveQLLexer.YEAR -> TimeUnit.YEAR;
            case HiveQLLexer.MONTH -> TimeUnit.MONTH;
            case HiveQLLexer.DAY -> TimeUnit.DAY;
            case HiveQLLexer.HOUR -> TimeUnit.HOUR;
            case HiveQLLexer.MINUTE -> TimeUnit.MINUTE;
            default -> TimeUnit.SECOND;
        };
    }
}
