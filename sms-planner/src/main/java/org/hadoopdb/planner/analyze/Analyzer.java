package org.hadoopdb.planner.analyze;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.PlannerException;

/**
 * Semantic analysis: validates a query against one catalog snapshot (names, types, Hive's implicit
 * conversions) and converts it to a Calcite logical plan. One analyzer per statement.
 */
public final class Analyzer {
    private final Catalog catalog;
    private final String database;
    private final SqlOperatorTable operators;
    private final Collection<String> functionNames;
    private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(HiveTypeSystem.INSTANCE);
    private final CalciteCatalogReader catalogReader;
    private final RelOptCluster cluster;

    /** An analyzer whose unqualified names are those of the database {@code default}. */
    public Analyzer(Catalog catalog, SqlOperatorTable operators, Collection<String> functionNames) {
        this(catalog, CatalogSchema.NAME, operators, functionNames);
    }

    /**
     * @param catalog       the snapshot the statement runs against
     * @param database      the session's current database: where unqualified table names are found
     * @param operators     the functions and operators HiveQL may call
     * @param functionNames names offered as suggestions when a function is unknown
     */
    public Analyzer(Catalog catalog, String database, SqlOperatorTable operators, Collection<String> functionNames) {
        this.catalog = catalog;
        this.database = catalog.findDatabase(database).orElseThrow(() -> new org.hadoopdb.planner.SemanticException(
                "Database '" + database + "' does not exist (it was dropped?): USE an existing database")).name();
        this.operators = operators;
        this.functionNames = functionNames;
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        for (String db : catalog.databaseNames()) {
            root.add(db, new CatalogSchema(catalog, db));
        }
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        props.setProperty(CalciteConnectionProperty.CONFORMANCE.camelName(), SqlConformanceEnum.LENIENT.name());
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(props);
        this.catalogReader = new CalciteCatalogReader(root, List.of(this.database), typeFactory, config);
        this.cluster = RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), new RexBuilder(typeFactory));
    }

    public JavaTypeFactory typeFactory() {
        return typeFactory;
    }

    public RelOptCluster cluster() {
        return cluster;
    }

    public Catalog catalog() {
        return catalog;
    }

    /** The database unqualified names are found in. */
    public String database() {
        return database;
    }

    /** A validator for one query (validators keep per-query state). */
    public SqlValidator newValidator() {
        return newValidator(catalogReader);
    }

    private SqlValidator newValidator(CalciteCatalogReader reader) {
        SqlValidator.Config config = SqlValidator.Config.DEFAULT
                .withIdentifierExpansion(true)
                .withConformance(SqlConformanceEnum.LENIENT)
                // Hive: NULLs sort first ascending, last descending
                .withDefaultNullCollation(NullCollation.LOW)
                .withTypeCoercionEnabled(true);
        return SqlValidatorUtil.newValidator(operators, reader, typeFactory, config);
    }

    /** Validates {@code query} and converts it to a logical plan whose sub-queries are still {@code RexSubQuery}. */
    public RelRoot toRel(SqlNode query) {
        ViewExpansion views = new ViewExpansion(catalog, this::convert, this::relBuilder);
        // struct columns stay whole (not flattened into their fields): they are jsonb in the chunks, and
        // only the expressions that use a field compute it, in MapReduce
        return convert(query, views, database);
    }

    /**
     * Validates and converts one query (the statement's, or a view's definition) on this analyzer's
     * cluster, its unqualified names found in {@code inDatabase} (a view's are in the view's database).
     */
    private RelRoot convert(SqlNode query, RelOptTable.ViewExpander views, String inDatabase) {
        CalciteCatalogReader reader = inDatabase.equals(database) ? catalogReader
                : catalogReader.withSchemaPath(List.of(inDatabase));
        SqlValidator validator = newValidator(reader);
        SqlNode validated;
        SqlNode resolved = TableSamples.resolve(SqlCopy.of(query), catalog, inDatabase);
        try {
            validated = validator.validate(resolved);
        } catch (CalciteContextException e) {
            throw SemanticErrors.translate(e, catalog, database, functionNames, query);
        } catch (RuntimeException | AssertionError e) {
            // Calcite checks some of its invariants with assertions (enabled in tests, and by -ea)
            throw new PlannerException("Cannot analyze the query: " + (e.getMessage() != null ? e.getMessage()
                    : e.getClass().getSimpleName() + " in the validator"
                    + (e.getStackTrace().length > 0 ? " at " + e.getStackTrace()[0] : "")), e);
        }
        SqlToRelConverter converter = new SqlToRelConverter(views, validator, reader, cluster,
                StandardConvertletTable.INSTANCE, converterConfig());
        return converter.convertQuery(validated, false, true);
    }

    private static SqlToRelConverter.Config converterConfig() {
        return SqlToRelConverter.config()
                .withTrimUnusedFields(true)
                .withExpand(false)
                .withDecorrelationEnabled(true)
                .withRelBuilderConfigTransform(c -> c.withSimplify(true));
    }

    /** The validated row type of {@code query} without converting it (for INSERT and CTAS checks). */
    public RelDataType validatedRowType(SqlNode query) {
        SqlValidator validator = newValidator();
        try {
            return validator.getValidatedNodeType(validator.validate(TableSamples.resolve(SqlCopy.of(query), catalog, database)));
        } catch (CalciteContextException e) {
            throw SemanticErrors.translate(e, catalog, database, functionNames, query);
        }
    }

    /** A RelBuilder on this analyzer's cluster. */
    public RelBuilder relBuilder() {
        return RelBuilder.proto(org.apache.calcite.plan.Contexts.empty()).create(cluster, catalogReader);
    }
}
