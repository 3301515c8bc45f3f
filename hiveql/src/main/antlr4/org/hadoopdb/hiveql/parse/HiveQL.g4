/*
 * HiveQL statements: queries (SELECT, WITH, set operations, joins, subqueries, windows, grouping sets),
 * DDL and utility statements. SET is not here: its value is raw text, read by SetStatementReader.
 *
 * Expression precedence follows Hive 3/4 (lowest first): OR; AND; NOT/!; IS [NOT] NULL|TRUE|FALSE;
 * = == <=> <> != IS [NOT] DISTINCT FROM; < <= > >= [NOT] LIKE|RLIKE|REGEXP|IN|BETWEEN, EXISTS;
 * ||; + -; * / % DIV; unary + -.
 */
parser grammar HiveQL;

options { tokenVocab = HiveQLLexer; }

singleStatement
    : statement EOF
    ;

statement
    : query                                                                   #queryStatement
    | EXPLAIN EXTENDED? explainable                                           #explainStatement
    | createTable                                                             #createTableStatement
    | DROP TABLE (IF EXISTS)? tableName                                       #dropTableStatement
    | SHOW TABLES ((FROM | IN) database=identifier)? (LIKE? pattern=stringLiteral)? #showTablesStatement
    | CREATE (DATABASE | SCHEMA) (IF NOT EXISTS)? identifier
      (COMMENT comment=stringLiteral)? (LOCATION location=stringLiteral)?
      (WITH DBPROPERTIES LPAREN tableProperty (COMMA tableProperty)* RPAREN)?  #createDatabaseStatement
    | DROP (DATABASE | SCHEMA) (IF EXISTS)? identifier (RESTRICT | CASCADE)?  #dropDatabaseStatement
    | SHOW (DATABASES | SCHEMAS) (LIKE? pattern=stringLiteral)?               #showDatabasesStatement
    | (DESCRIBE | DESC) (DATABASE | SCHEMA) EXTENDED? identifier              #describeDatabaseStatement
    | ANALYZE TABLE tableName COMPUTE STATISTICS
      (NOSCAN | FOR COLUMNS (identifier (COMMA identifier)*)?)?               #analyzeTableStatement
    | SHOW FUNCTIONS (LIKE? pattern=stringLiteral)?                           #showFunctionsStatement
    | (DESCRIBE | DESC) FUNCTION EXTENDED? functionName                       #describeFunctionStatement
    | (DESCRIBE | DESC) (EXTENDED | FORMATTED)? tableName partitionSpec?      #describeStatement
    | LOAD DATA LOCAL? INPATH path=stringLiteral OVERWRITE? INTO TABLE tableName partitionSpec? #loadDataStatement
    | USE identifier                                                          #useStatement
    | insert                                                                  #insertStatement
    | createView                                                              #createViewStatement
    | DROP VIEW (IF EXISTS)? tableName                                        #dropViewStatement
    | ALTER VIEW tableName AS query                                           #alterViewStatement
    | ALTER (TABLE | VIEW) tableName RENAME TO newName=tableName              #renameStatement
    | ALTER TABLE tableName alterTableAction                                  #alterTableStatement
    | SHOW VIEWS ((FROM | IN) database=identifier)? (LIKE? pattern=stringLiteral)? #showViewsStatement
    | TRUNCATE TABLE? tableName partitionSpec?                                #truncateTableStatement
    | SHOW PARTITIONS tableName partitionSpec?                                #showPartitionsStatement
    | SHOW CREATE TABLE tableName                                             #showCreateTableStatement
    | SHOW COLUMNS (FROM | IN) tableName                                      #showColumnsStatement
    | SHOW TBLPROPERTIES tableName (LPAREN key=stringLiteral RPAREN)?         #showTblPropertiesStatement
    | CREATE TEMPORARY? FUNCTION (database=identifier DOT)? name=identifier
      AS className=stringLiteral (USING functionResource (COMMA functionResource)*)? #createFunctionStatement
    | DROP TEMPORARY? FUNCTION (IF EXISTS)? (database=identifier DOT)? name=identifier #dropFunctionStatement
    ;

// USING JAR 'path' (Hive's FILE and ARCHIVE resources are refused by the statement builder)
functionResource
    : kind=identifier path=stringLiteral
    ;

explainable
    : query
    | insert
    | createTable
    ;

// ---------------------------------------------------------------- DDL

createTable
    : CREATE EXTERNAL? TABLE (IF NOT EXISTS)? tableName
      (LPAREN columnDefinition (COMMA columnDefinition)* RPAREN)?
      (COMMENT comment=stringLiteral)?
      partitionedBy?
      bucketSpec?
      rowFormat?
      (STORED AS fileFormat=identifier)?
      (LOCATION location=stringLiteral)?
      tableProperties?
      (AS query)?
    ;

createView
    : CREATE (OR REPLACE)? VIEW (IF NOT EXISTS)? tableName
      (LPAREN viewColumn (COMMA viewColumn)* RPAREN)?
      (COMMENT comment=stringLiteral)?
      AS query
    ;

viewColumn
    : identifier (COMMENT comment=stringLiteral)?
    ;

alterTableAction
    : ADD COLUMNS LPAREN columnDefinition (COMMA columnDefinition)* RPAREN             #addColumns
    | CHANGE COLUMN? old=identifier columnDefinition                                   #changeColumn
    | SET tableProperties                                                              #setTableProperties
    | ADD (IF NOT EXISTS)? partitionSpec (LOCATION stringLiteral)? (partitionSpec (LOCATION stringLiteral)?)* #addPartitions
    | DROP (IF EXISTS)? partitionSpec (COMMA partitionSpec)*                           #dropPartitions
    ;

partitionedBy
    : PARTITIONED BY LPAREN columnDefinition (COMMA columnDefinition)* RPAREN
    ;

// PARTITION (dt='2020-01-01', hr=12, country): a column without a value is a dynamic partition column
partitionSpec
    : PARTITION LPAREN partitionValue (COMMA partitionValue)* RPAREN
    ;

partitionValue
    : identifier (EQ partitionConstant)?
    ;

partitionConstant
    : stringLiteral
    | MINUS_SIGN? number
    | TRUE
    | FALSE
    | DATE stringLiteral
    ;

columnDefinition
    : identifier columnType (COMMENT comment=stringLiteral)?
    ;

columnType
    // array<t>, map<k,v>, struct<name:t,...>: the whole spelling is read by the catalog's HiveType
    : complex=identifier LT columnType (COMMA columnType)? GT
    | complex=identifier LT structField (COMMA structField)* GT
    | (DOUBLE PRECISION? | DATE | TIMESTAMP | identifier)
      (LPAREN precision=INTEGER_VALUE (COMMA scale=INTEGER_VALUE)? RPAREN)?
    ;

structField
    : identifier COLON columnType
    ;

bucketSpec
    : CLUSTERED BY LPAREN identifier (COMMA identifier)* RPAREN
      (SORTED BY LPAREN sortColumn (COMMA sortColumn)* RPAREN)?
      INTO buckets=INTEGER_VALUE BUCKETS
    ;

sortColumn
    : identifier (ASC | DESC)?
    ;

rowFormat
    : ROW FORMAT DELIMITED
      (FIELDS TERMINATED BY fields=stringLiteral)?
      (ESCAPED BY escape=stringLiteral)?
      (COLLECTION ITEMS TERMINATED BY collectionItems=stringLiteral)?
      (MAP KEYS TERMINATED BY mapKeys=stringLiteral)?
      (LINES TERMINATED BY lines=stringLiteral)?
      (NULL DEFINED AS nullFormat=stringLiteral)?
    ;

tableProperties
    : TBLPROPERTIES LPAREN tableProperty (COMMA tableProperty)* RPAREN
    ;

tableProperty
    : key=stringLiteral EQ value=stringLiteral
    ;

insert
    : INSERT OVERWRITE LOCAL? DIRECTORY path=stringLiteral rowFormat? query                  #insertDirectory
    | INSERT OVERWRITE TABLE tableName partitionSpec? (IF NOT EXISTS)? query                  #insertOverwrite
    | INSERT INTO TABLE? tableName partitionSpec? (LPAREN identifier (COMMA identifier)* RPAREN)? (query | valuesClause) #insertInto
    ;

valuesClause
    : VALUES valuesRow (COMMA valuesRow)*
    ;

valuesRow
    : LPAREN expression (COMMA expression)* RPAREN
    ;

// ---------------------------------------------------------------- queries

query
    : withClause? queryTerm queryOrganization
    ;

withClause
    : WITH namedQuery (COMMA namedQuery)*
    ;

namedQuery
    : name=identifier (LPAREN identifier (COMMA identifier)* RPAREN)? AS LPAREN query RPAREN
    ;

// Hive gives all set operators the same precedence, left to right.
queryTerm
    : queryPrimary (setOperator queryPrimary)*
    ;

setOperator
    : UNION quantifier=(ALL | DISTINCT)?
    | INTERSECT quantifier=(ALL | DISTINCT)?
    | (EXCEPT | MINUS) quantifier=(ALL | DISTINCT)?
    ;

queryPrimary
    : querySpecification
    | LPAREN query RPAREN
    ;

// Each clause at most once; which combinations are legal is checked when building the tree.
queryOrganization
    : organizationClause* limitClause?
    ;

organizationClause
    : ORDER BY sortItem (COMMA sortItem)*                  #orderBy
    | SORT BY sortItems                                    #sortBy
    | CLUSTER BY expressions                               #clusterBy
    | DISTRIBUTE BY expressions                            #distributeBy
    ;

limitClause
    : LIMIT (offset=INTEGER_VALUE COMMA)? count=INTEGER_VALUE
    | LIMIT count=INTEGER_VALUE OFFSET offset=INTEGER_VALUE
    ;

sortItems
    : LPAREN sortItem (COMMA sortItem)* RPAREN
    | sortItem (COMMA sortItem)*
    ;

sortItem
    : expression ordering=(ASC | DESC)? (NULLS nullOrder=(FIRST | LAST))?
    ;

expressions
    : LPAREN expression (COMMA expression)* RPAREN
    | expression (COMMA expression)*
    ;

querySpecification
    : SELECT quantifier=(ALL | DISTINCT)? selectItem (COMMA selectItem)*
      (FROM relation)?
      (WHERE where=expression)?
      groupByClause?
      (HAVING having=expression)?
      windowClause?
    ;

selectItem
    : STAR                                                 #selectAll
    | identifier DOT STAR                                  #selectQualifiedAll
    | expression (AS? identifier)?                         #selectExpression
    // a table-generating function's columns: SELECT explode(m) AS (k, v) FROM t
    | expression AS LPAREN identifier (COMMA identifier)* RPAREN  #selectGeneratorColumns
    ;

// Comma joins have the same precedence as JOIN, as in Hive: "a, b JOIN c ON a.x = c.x" is legal.
relation
    : relationSource joinPart*
    ;

joinPart
    : COMMA relationSource                                                 #commaJoin
    | joinType JOIN relationSource joinCriteria?                           #qualifiedJoin
    | CROSS JOIN relationSource joinCriteria?                              #crossJoin
    | LEFT SEMI JOIN relationSource ON expression                          #semiJoin
    ;

// A table or subquery with Hive's LATERAL VIEWs: each one's rows joined to the row it was made from.
relationSource
    : relationPrimary lateralView*
    ;

lateralView
    : LATERAL VIEW OUTER? function=functionName LPAREN (expression (COMMA expression)*)? RPAREN
      alias=identifier (AS columnAliases+=identifier (COMMA columnAliases+=identifier)*)?
    ;

joinType
    : INNER?
    | LEFT OUTER?
    | RIGHT OUTER?
    | FULL OUTER?
    ;

joinCriteria
    : ON expression
    | USING LPAREN identifier (COMMA identifier)* RPAREN
    ;

relationPrimary
    : tableName tableSample? (AS? alias=identifier)?                       #tableRelation
    | LPAREN query RPAREN (AS? alias=identifier)?                          #subqueryRelation
    | LPAREN relation RPAREN                                               #parenthesizedRelation
    ;

tableName
    : (database=identifier DOT)? table=identifier
    ;

// Hive's sampling of a table: buckets (HadoopDB's chunks), a share of the data, or rows per split (refused)
tableSample
    : TABLESAMPLE LPAREN BUCKET numerator=INTEGER_VALUE OUT OF denominator=INTEGER_VALUE
      (ON expression (COMMA expression)*)? RPAREN                                     #bucketSample
    | TABLESAMPLE LPAREN percent=number PERCENT_KEYWORD RPAREN                        #percentSample
    | TABLESAMPLE LPAREN rows=INTEGER_VALUE ROWS RPAREN                               #rowsSample
    ;

groupByClause
    : GROUP BY groupingElement (COMMA groupingElement)*
      (WITH rollupOrCube=(ROLLUP | CUBE))?
      (GROUPING SETS LPAREN groupingSet (COMMA groupingSet)* RPAREN)?
    ;

groupingElement
    : ROLLUP LPAREN groupingSet (COMMA groupingSet)* RPAREN                #rollup
    | CUBE LPAREN groupingSet (COMMA groupingSet)* RPAREN                  #cube
    | GROUPING SETS LPAREN groupingSet (COMMA groupingSet)* RPAREN         #groupingSets
    | expression                                                           #singleGroupingSet
    ;

groupingSet
    : LPAREN (expression (COMMA expression)*)? RPAREN
    | expression
    ;

windowClause
    : WINDOW windowDefinition (COMMA windowDefinition)*
    ;

windowDefinition
    : name=identifier AS windowSpecification
    ;

windowSpecification
    : LPAREN base=identifier?
      ((PARTITION | DISTRIBUTE) BY partition=expressions)?
      ((ORDER | SORT) BY sortItem (COMMA sortItem)*)?
      windowFrame?
      RPAREN
    ;

windowFrame
    : frameType=(ROWS | RANGE) BETWEEN lower=frameBound AND upper=frameBound
    | frameType=(ROWS | RANGE) lower=frameBound
    ;

frameBound
    : UNBOUNDED direction=(PRECEDING | FOLLOWING)
    | CURRENT ROW
    | INTEGER_VALUE direction=(PRECEDING | FOLLOWING)
    ;

// ---------------------------------------------------------------- expressions

expression
    : orExpression
    ;

orExpression
    : andExpression (OR andExpression)*
    ;

andExpression
    : notExpression (AND notExpression)*
    ;

notExpression
    : (NOT | BANG) notExpression
    | isExpression
    ;

isExpression
    : equalityExpression (IS NOT? condition=(NULL | TRUE | FALSE))?
    ;

equalityExpression
    : comparisonExpression (equalityOperator comparisonExpression)*
    ;

equalityOperator
    : EQ
    | NSEQ
    | NEQ
    | IS NOT? DISTINCT FROM
    ;

comparisonExpression
    : EXISTS LPAREN query RPAREN                                                      #existsPredicate
    | concatExpression predicate?                                                     #predicated
    ;

predicate
    : op=(LT | LTE | GT | GTE) right=concatExpression                                 #comparison
    | NOT? op=(LIKE | RLIKE | REGEXP) right=concatExpression                          #likePredicate
    | NOT? BETWEEN low=concatExpression AND high=concatExpression                     #betweenPredicate
    | NOT? IN LPAREN query RPAREN                                                     #inSubqueryPredicate
    | NOT? IN LPAREN expression (COMMA expression)* RPAREN                            #inListPredicate
    ;

concatExpression
    : additiveExpression (CONCAT additiveExpression)*
    ;

additiveExpression
    : multiplicativeExpression (additiveOperator multiplicativeExpression)*
    ;

additiveOperator
    : PLUS
    | MINUS_SIGN
    ;

multiplicativeExpression
    : unaryExpression (multiplicativeOperator unaryExpression)*
    ;

multiplicativeOperator
    : STAR
    | SLASH
    | PERCENT
    | DIV
    ;

unaryExpression
    : sign=(PLUS | MINUS_SIGN) unaryExpression
    | primaryExpression
    ;

primaryExpression
    : literal                                                                         #literalExpression
    | CAST LPAREN expression AS columnType RPAREN                                     #castExpression
    | CASE value=expression whenClause+ (ELSE elseValue=expression)? END              #simpleCase
    | CASE whenClause+ (ELSE elseValue=expression)? END                               #searchedCase
    | EXTRACT LPAREN field=identifier FROM expression RPAREN                          #extractExpression
    | function=(CURRENT_DATE | CURRENT_TIMESTAMP) (LPAREN RPAREN)?                    #currentDateTime
    | functionName LPAREN STAR RPAREN overClause?                                     #starFunctionCall
    | functionName LPAREN (quantifier=(ALL | DISTINCT)? expression (COMMA expression)*)? RPAREN overClause? #functionCall
    | database=identifier DOT functionName LPAREN (expression (COMMA expression)*)? RPAREN #qualifiedFunctionCall
    | LPAREN query RPAREN                                                             #scalarSubquery
    | LPAREN expression RPAREN                                                        #parenthesized
    | qualifier=identifier DOT column=identifier                                      #qualifiedColumn
    | identifier                                                                      #column
    | base=primaryExpression LBRACKET index=expression RBRACKET                       #subscript
    | base=primaryExpression DOT field=identifier                                     #fieldReference
    ;

whenClause
    : WHEN condition=expression THEN result=expression
    ;

overClause
    : OVER (windowSpecification | window=identifier)
    ;

// Keywords Hive also accepts as function names when a '(' follows.
functionName
    : identifier
    | IF
    | LEFT
    | RIGHT
    | DATE
    | TIMESTAMP
    | GROUPING
    ;

literal
    : NULL                                                                            #nullLiteral
    | (TRUE | FALSE)                                                                  #booleanLiteral
    // Hive's shorthand "30 days", "'1-2' year to month"; before the plain number and string, as in Hive.
    | value=(STRING | INTEGER_VALUE) intervalQualifier                                #intervalShorthand
    | number                                                                          #numericLiteral
    | stringLiteral                                                                   #stringLiteralValue
    | DATE stringLiteral                                                              #dateLiteral
    | TIMESTAMP stringLiteral                                                         #timestampLiteral
    | INTERVAL sign=(PLUS | MINUS_SIGN)? value=(STRING | INTEGER_VALUE) intervalQualifier #intervalLiteral
    ;

number
    : INTEGER_VALUE
    | DECIMAL_VALUE
    | DOUBLE_VALUE
    | TINYINT_LITERAL
    | SMALLINT_LITERAL
    | BIGINT_LITERAL
    | DECIMAL_LITERAL
    ;

// Adjacent literals are concatenated: 'a' 'b' is 'ab'.
stringLiteral
    : STRING+
    ;

intervalQualifier
    : YEAR TO MONTH
    | DAY TO SECOND
    | YEAR
    | MONTH
    | DAY
    | HOUR
    | MINUTE
    | SECOND
    ;

identifier
    : IDENTIFIER
    | BACKQUOTED_IDENTIFIER
    | nonReserved
    ;

// Keywords usable as names without backticks (Hive's non-reserved keywords).
nonReserved
    : ASC | BUCKETS | CLUSTER | CLUSTERED | COMMENT | DATA | DAY | DEFINED | DELIMITED | DESC | DIRECTORY
    | DISTRIBUTE | DIV | ESCAPED | EXPLAIN | FIELDS | FIRST | FORMAT | FORMATTED | FUNCTIONS | HOUR | INPATH
    | LAST | LIMIT | LINES | LOAD | MINUS | MINUTE | MONTH | NULLS | OFFSET | OVERWRITE | SECOND | SEMI | SETS
    | SHOW | SORT | SORTED | STORED | TABLES | TBLPROPERTIES | TERMINATED | USE | YEAR
    // data definition (views, ALTER TABLE): names in existing queries and functions (replace) keep working
    | ADD | ALTER | CHANGE | COLUMN | COLUMNS | RENAME | REPLACE | TRUNCATE | VIEW | VIEWS
    // databases
    | CASCADE | DATABASE | DATABASES | DBPROPERTIES | LOCATION | RESTRICT | SCHEMA | SCHEMAS
    // statistics
    | ANALYZE | COMPUTE | STATISTICS | NOSCAN | FOR
    // complex types
    | COLLECTION | ITEMS | KEYS | MAP
    // sampling
    | BUCKET | OUT | OF | PERCENT_KEYWORD
    // partitions
    | PARTITIONED | PARTITIONS | EXTERNAL
    // user functions
    | TEMPORARY
    ;
