package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.functions.HiveOperators;

/**
 * HiveQL expressions as Calcite nodes. One method per precedence level of the grammar; binary
 * operators associate to the left. Function calls are {@link SqlUnresolvedFunction}s with lower-case
 * names, resolved later against the planner's operator table.
 */
final class ExpressionBuilder extends HiveQLBaseVisitor<SqlNode> {
    /** The longest run of AND or OR terms built left-deep (longer chains are balanced trees of runs). */
    private static final int LEFT_DEEP = 64;
    /** EXTRACT(field FROM x) is Hive's field function: EXTRACT(YEAR FROM d) = year(d). */
    private static final Map<String, String> EXTRACT_FUNCTIONS = Map.of(
            "year", "year", "quarter", "quarter", "month", "month", "week", "weekofyear", "day", "day",
            "dayofweek", "dayofweek", "dow", "dayofweek", "hour", "hour", "minute", "minute", "second", "second");

    private final SourceText source;
    private final QueryBuilder queries;
    private final WindowBuilder windows;
    private final LiteralBuilder literals;

    ExpressionBuilder(SourceText source, QueryBuilder queries) {
        this.source = source;
        this.queries = queries;
        this.windows = new WindowBuilder(source, this);
        this.literals = new LiteralBuilder(source);
    }

    WindowBuilder windows() {
        return windows;
    }

    SqlNode expression(HiveQL.ExpressionContext ctx) {
        return or(ctx.orExpression());
    }

    SqlNodeList expressions(List<HiveQL.ExpressionContext> list, SqlParserPos pos) {
        SqlNodeList nodes = new SqlNodeList(pos);
        list.forEach(e -> nodes.add(expression(e)));
        return nodes;
    }

    /** {@code a, b} or {@code (a, b)}, as in CLUSTER BY, DISTRIBUTE BY and PARTITION BY. */
    SqlNodeList expressionList(HiveQL.ExpressionsContext ctx) {
        return expressions(ctx.expression(), source.pos(ctx));
    }

    // ---------------------------------------------------------------- boolean levels

    private SqlNode or(HiveQL.OrExpressionContext ctx) {
        List<SqlNode> terms = new ArrayList<>();
        ctx.andExpression().forEach(a -> terms.add(and(a)));
        return balanced(SqlStdOperatorTable.OR, terms, ctx.andExpression(), 0, terms.size());
    }

    private SqlNode and(HiveQL.AndExpressionContext ctx) {
        List<SqlNode> terms = new ArrayList<>();
        ctx.notExpression().forEach(n -> terms.add(not(n)));
        return balanced(SqlStdOperatorTable.AND, terms, ctx.notExpression(), 0, terms.size());
    }

    /**
     * A chain {@code a OR b OR c …} (or AND): up to {@link #LEFT_DEEP} terms associate to the left, as
     * written; a longer chain is a balanced tree of such runs. AND and OR are associative, and a tree
     * of depth log(n) keeps the validator's and planner's recursion shallow for the long filters BI
     * tools generate (a left-deep tree of 2,000 terms overflows their stacks).
     */
    private SqlNode balanced(SqlBinaryOperator op, List<SqlNode> terms, List<? extends ParserRuleContext> contexts,
                             int from, int to) {
        if (to - from <= LEFT_DEEP) {
            SqlNode result = terms.get(from);
            for (int i = from + 1; i < to; i++) {
                result = binary(op, result, terms.get(i), contexts.get(from), contexts.get(i));
            }
            return result;
        }
        int runs = (to - from + LEFT_DEEP - 1) / LEFT_DEEP;
        int mid = from + runs / 2 * LEFT_DEEP; // at a run's end, strictly inside: runs >= 2
        return binary(op, balanced(op, terms, contexts, from, mid), balanced(op, terms, contexts, mid, to),
                contexts.get(from), contexts.get(to - 1));
    }

    private SqlNode not(HiveQL.NotExpressionContext ctx) {
        if (ctx.isExpression() != null) {
            return is(ctx.isExpression());
        }
        return SqlStdOperatorTable.NOT.createCall(source.pos(ctx), not(ctx.notExpression()));
    }

    private SqlNode is(HiveQL.IsExpressionContext ctx) {
        SqlNode operand = equality(ctx.equalityExpression());
        if (ctx.condition == null) {
            return operand;
        }
        boolean negated = ctx.NOT() != null;
        SqlOperator op = switch (ctx.condition.getType()) {
            case HiveQLLexer.NULL -> negated ? SqlStdOperatorTable.IS_NOT_NULL : SqlStdOperatorTable.IS_NULL;
            case HiveQLLexer.TRUE -> negated ? SqlStdOperatorTable.IS_NOT_TRUE : SqlStdOperatorTable.IS_TRUE;
            default -> negated ? SqlStdOperatorTable.IS_NOT_FALSE : SqlStdOperatorTable.IS_FALSE;
        };
        return op.createCall(source.pos(ctx), operand);
    }

    private SqlNode equality(HiveQL.EqualityExpressionContext ctx) {
        List<HiveQL.ComparisonExpressionContext> operands = ctx.comparisonExpression();
        SqlNode result = visit(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            HiveQL.EqualityOperatorContext op = ctx.equalityOperator(i - 1);
            result = binary(equalityOperator(op), result, visit(operands.get(i)), operands.get(0), operands.get(i));
        }
        return result;
    }

    private static SqlBinaryOperator equalityOperator(HiveQL.EqualityOperatorContext op) {
        if (op.DISTINCT() != null) {
            return op.NOT() != null ? SqlStdOperatorTable.IS_NOT_DISTINCT_FROM : SqlStdOperatorTable.IS_DISTINCT_FROM;
        }
        return switch (op.getStart().getType()) {
            case HiveQLLexer.EQ -> SqlStdOperatorTable.EQUALS;
            case HiveQLLexer.NSEQ -> SqlStdOperatorTable.IS_NOT_DISTINCT_FROM;
            default -> SqlStdOperatorTable.NOT_EQUALS;
        };
    }

    // ---------------------------------------------------------------- predicates

    @Override
    public SqlNode visitExistsPredicate(HiveQL.ExistsPredicateContext ctx) {
        return SqlStdOperatorTable.EXISTS.createCall(source.pos(ctx), queries.subquery(ctx.query()));
    }

    @Override
    public SqlNode visitPredicated(HiveQL.PredicatedContext ctx) {
        SqlNode left = concat(ctx.concatExpression());
        HiveQL.PredicateContext predicate = ctx.predicate();
        if (predicate == null) {
            return left;
        }
        SqlParserPos pos = source.pos(ctx);
        if (predicate instanceof HiveQL.ComparisonContext c) {
            SqlBinaryOperator op = switch (c.op.getType()) {
                case HiveQLLexer.LT -> SqlStdOperatorTable.LESS_THAN;
                case HiveQLLexer.LTE -> SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
                case HiveQLLexer.GT -> SqlStdOperatorTable.GREATER_THAN;
                default -> SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
            };
            return op.createCall(pos, left, concat(c.right));
        }
        if (predicate instanceof HiveQL.LikePredicateContext like) {
            return like(like, left, pos);
        }
        if (predicate instanceof HiveQL.BetweenPredicateContext between) {
            SqlOperator op = between.NOT() != null ? SqlStdOperatorTable.NOT_BETWEEN : SqlStdOperatorTable.BETWEEN;
            return op.createCall(pos, left, concat(between.low), concat(between.high));
        }
        if (predicate instanceof HiveQL.InSubqueryPredicateContext in) {
            SqlOperator op = in.NOT() != null ? SqlStdOperatorTable.NOT_IN : SqlStdOperatorTable.IN;
            return op.createCall(pos, left, queries.subquery(in.query()));
        }
        HiveQL.InListPredicateContext in = (HiveQL.InListPredicateContext) predicate;
        return InLists.in(left, expressions(in.expression(), source.pos(in)), in.NOT() != null, pos);
    }

    /**
     * LIKE becomes Calcite's LIKE with {@code ESCAPE '\'}; a literal pattern is rewritten so that the
     * standard escape rules give Hive's meaning (see {@link LikePatterns}). RLIKE and REGEXP are
     * {@link HiveOperators#RLIKE}.
     */
    private SqlNode like(HiveQL.LikePredicateContext ctx, SqlNode left, SqlParserPos pos) {
        SqlNode pattern = concat(ctx.right);
        boolean negated = ctx.NOT() != null;
        if (ctx.op.getType() != HiveQLLexer.LIKE) {
            SqlNode rlike = HiveOperators.RLIKE.createCall(pos, left, pattern);
            return negated ? SqlStdOperatorTable.NOT.createCall(pos, rlike) : rlike;
        }
        if (pattern instanceof SqlCharStringLiteral literal) {
            pattern = Literals.string(LikePatterns.toSqlStandard(literal.getValueAs(String.class)),
                    literal.getParserPosition());
        }
        SqlNode escape = Literals.string(LikePatterns.ESCAPE, source.pos(ctx.op));
        return (negated ? SqlStdOperatorTable.NOT_LIKE : SqlStdOperatorTable.LIKE).createCall(pos, left, pattern, escape);
    }

    // ---------------------------------------------------------------- arithmetic

    /** Hive's {@code ||} is its concat function: {@code a || b || c} = {@code concat(a, b, c)}. */
    private SqlNode concat(HiveQL.ConcatExpressionContext ctx) {
        List<HiveQL.AdditiveExpressionContext> parts = ctx.additiveExpression();
        if (parts.size() == 1) {
            return additive(parts.get(0));
        }
        List<SqlNode> operands = new ArrayList<>();
        parts.forEach(p -> operands.add(additive(p)));
        return function("concat", null, source.pos(ctx), operands);
    }

    private SqlNode additive(HiveQL.AdditiveExpressionContext ctx) {
        List<HiveQL.MultiplicativeExpressionContext> operands = ctx.multiplicativeExpression();
        SqlNode result = multiplicative(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            SqlBinaryOperator op = ctx.additiveOperator(i - 1).PLUS() != null
                    ? SqlStdOperatorTable.PLUS : SqlStdOperatorTable.MINUS;
            result = binary(op, result, multiplicative(operands.get(i)), operands.get(0), operands.get(i));
        }
        return result;
    }

    private SqlNode multiplicative(HiveQL.MultiplicativeExpressionContext ctx) {
        List<HiveQL.UnaryExpressionContext> operands = ctx.unaryExpression();
        SqlNode result = unary(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            SqlBinaryOperator op = switch (ctx.multiplicativeOperator(i - 1).getStart().getType()) {
                case HiveQLLexer.STAR -> HiveOperators.MULTIPLY;
                case HiveQLLexer.SLASH -> HiveOperators.DIVIDE;
                case HiveQLLexer.PERCENT -> SqlStdOperatorTable.PERCENT_REMAINDER;
                default -> HiveOperators.INT_DIVIDE;
            };
            result = binary(op, result, unary(operands.get(i)), operands.get(0), operands.get(i));
        }
        return result;
    }

    /** A minus directly before a number is part of the literal ({@code -128Y} is a valid TINYINT). */
    private SqlNode unary(HiveQL.UnaryExpressionContext ctx) {
        if (ctx.sign == null) {
            return visit(ctx.primaryExpression());
        }
        SqlParserPos pos = source.pos(ctx);
        boolean minus = ctx.sign.getType() == HiveQLLexer.MINUS_SIGN;
        HiveQL.NumberContext number = numberOperand(ctx.unaryExpression());
        if (minus && number != null) {
            return Literals.number(number.getStart(), true, pos, source);
        }
        SqlNode operand = unary(ctx.unaryExpression());
        return (minus ? SqlStdOperatorTable.UNARY_MINUS : SqlStdOperatorTable.UNARY_PLUS).createCall(pos, operand);
    }

    private static HiveQL.NumberContext numberOperand(HiveQL.UnaryExpressionContext operand) {
        if (operand.primaryExpression() instanceof HiveQL.LiteralExpressionContext literal
                && literal.literal() instanceof HiveQL.NumericLiteralContext number) {
            return number.number();
        }
        return null;
    }

    private SqlNode binary(SqlBinaryOperator op, SqlNode left, SqlNode right, ParserRuleContext first,
                           ParserRuleContext last) {
        return op.createCall(source.pos(first.getStart(), last.getStop()), left, right);
    }

    // ---------------------------------------------------------------- primary expressions

    @Override
    public SqlNode visitLiteralExpression(HiveQL.LiteralExpressionContext ctx) {
        return literals.visit(ctx.literal());
    }

    @Override
    public SqlNode visitCastExpression(HiveQL.CastExpressionContext ctx) {
        return SqlStdOperatorTable.CAST.createCall(source.pos(ctx), expression(ctx.expression()),
                HiveTypes.sqlType(ctx.columnType(), source));
    }

    @Override
    public SqlNode visitSimpleCase(HiveQL.SimpleCaseContext ctx) {
        return caseExpression(ctx, expression(ctx.value), ctx.whenClause(), ctx.elseValue);
    }

    @Override
    public SqlNode visitSearchedCase(HiveQL.SearchedCaseContext ctx) {
        return caseExpression(ctx, null, ctx.whenClause(), ctx.elseValue);
    }

    private SqlNode caseExpression(ParserRuleContext ctx, SqlNode value, List<HiveQL.WhenClauseContext> whens,
                                   HiveQL.ExpressionContext elseValue) {
        SqlParserPos pos = source.pos(ctx);
        SqlNodeList conditions = new SqlNodeList(pos);
        SqlNodeList results = new SqlNodeList(pos);
        for (HiveQL.WhenClauseContext when : whens) {
            conditions.add(expression(when.condition));
            results.add(expression(when.result));
        }
        return SqlCase.createSwitched(pos, value, conditions, results,
                elseValue == null ? null : expression(elseValue));
    }

    @Override
    public SqlNode visitExtractExpression(HiveQL.ExtractExpressionContext ctx) {
        String field = Identifiers.name(ctx.field, source);
        String function = EXTRACT_FUNCTIONS.get(field);
        if (function == null) {
            throw source.error(ctx.field, "EXTRACT cannot take field '" + field
                    + "': expected one of YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, HOUR, MINUTE, SECOND");
        }
        return function(function, null, source.pos(ctx), List.of(expression(ctx.expression())));
    }

    @Override
    public SqlNode visitCurrentDateTime(HiveQL.CurrentDateTimeContext ctx) {
        return function(Identifiers.lower(ctx.function.getText()), null, source.pos(ctx), List.of());
    }

    @Override
    public SqlNode visitStarFunctionCall(HiveQL.StarFunctionCallContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        SqlNode call = function(functionName(ctx.functionName()), null, pos,
                List.of(SqlIdentifier.star(source.pos(ctx.STAR().getSymbol()))));
        return over(call, ctx.overClause(), pos);
    }

    @Override
    public SqlNode visitFunctionCall(HiveQL.FunctionCallContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        SqlLiteral qualifier = ctx.quantifier != null && ctx.quantifier.getType() == HiveQLLexer.DISTINCT
                ? SqlSelectKeyword.DISTINCT.symbol(source.pos(ctx.quantifier)) : null;
        List<SqlNode> operands = new ArrayList<>();
        ctx.expression().forEach(e -> operands.add(expression(e)));
        SqlNode call = function(functionName(ctx.functionName()), qualifier, pos, operands);
        return over(call, ctx.overClause(), pos);
    }

    /** {@code db.f(…)}: database {@code db}'s permanent user function {@code f}. */
    @Override
    public SqlNode visitQualifiedFunctionCall(HiveQL.QualifiedFunctionCallContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        List<SqlNode> operands = new ArrayList<>();
        ctx.expression().forEach(e -> operands.add(expression(e)));
        SqlUnresolvedFunction function = new SqlUnresolvedFunction(new SqlIdentifier(List.of(Identifiers.name(ctx.database, source),
                functionName(ctx.functionName())), pos), null, null, null, null, SqlFunctionCategory.USER_DEFINED_FUNCTION);
        return function.createCall(null, pos, operands.toArray(SqlNode[]::new));
    }

    private String functionName(HiveQL.FunctionNameContext ctx) {
        return ctx.identifier() != null ? Identifiers.name(ctx.identifier(), source)
                : Identifiers.lower(ctx.getStart().getText());
    }

    /** A call to a function the planner resolves by its lower-case name. */
    static SqlNode function(String name, SqlLiteral qualifier, SqlParserPos pos, List<SqlNode> operands) {
        SqlUnresolvedFunction function = new SqlUnresolvedFunction(new SqlIdentifier(name, pos), null, null, null,
                null, SqlFunctionCategory.USER_DEFINED_FUNCTION);
        return function.createCall(qualifier, pos, operands.toArray(SqlNode[]::new));
    }

    private SqlNode over(SqlNode call, HiveQL.OverClauseContext over, SqlParserPos pos) {
        if (over == null) {
            return call;
        }
        SqlNode window = over.window != null
                ? new SqlIdentifier(Identifiers.name(over.window, source), source.pos(over.window))
                : windows.window(over.windowSpecification(), null);
        return SqlStdOperatorTable.OVER.createCall(source.pos(over.getParent().getStart(), over.getStop()), call, window);
    }

    @Override
    public SqlNode visitScalarSubquery(HiveQL.ScalarSubqueryContext ctx) {
        return queries.subquery(ctx.query());
    }

    @Override
    public SqlNode visitParenthesized(HiveQL.ParenthesizedContext ctx) {
        return expression(ctx.expression());
    }

    @Override
    public SqlNode visitQualifiedColumn(HiveQL.QualifiedColumnContext ctx) {
        return new SqlIdentifier(List.of(Identifiers.name(ctx.qualifier, source), Identifiers.name(ctx.column, source)),
                null, source.pos(ctx), List.of(source.pos(ctx.qualifier), source.pos(ctx.column)));
    }

    /** {@code a[i]} (an array's element from 0, or a map's value) is Hive's {@code index(a, i)}. */
    @Override
    public SqlNode visitSubscript(HiveQL.SubscriptContext ctx) {
        return function("index", null, source.pos(ctx), List.of(visit(ctx.base), expression(ctx.index)));
    }

    /**
     * {@code x.f}: on a name ({@code s.f}, {@code t.s.f}) one longer name, which Calcite resolves as a
     * table's column or a struct's field; on any other expression a struct field access.
     */
    @Override
    public SqlNode visitFieldReference(HiveQL.FieldReferenceContext ctx) {
        SqlNode base = visit(ctx.base);
        String field = Identifiers.name(ctx.field, source);
        if (base instanceof SqlIdentifier id && !id.isStar()) {
            List<String> names = new ArrayList<>(id.names);
            names.add(field);
            List<SqlParserPos> positions = new ArrayList<>();
            for (int i = 0; i < id.names.size(); i++) {
                positions.add(id.getComponentParserPosition(i));
            }
            positions.add(source.pos(ctx.field));
            return new SqlIdentifier(names, null, source.pos(ctx), positions);
        }
        return SqlStdOperatorTable.DOT.createCall(source.pos(ctx), base, new SqlIdentifier(field, source.pos(ctx.field)));
    }

    @Override
    public SqlNode visitColumn(HiveQL.ColumnContext ctx) {
        return new SqlIdentifier(Identifiers.name(ctx.identifier(), source), source.pos(ctx));
    }
}
