/*
 * HiveQL tokens. Keywords and identifiers are case-insensitive; whitespace and comments go to the
 * hidden channel. The UNTERMINATED_* and UNRECOGNIZED tokens exist so that the parser facade can
 * report those lexical errors with a message of their own instead of a generic "unexpected token".
 */
lexer grammar HiveQLLexer;

options { caseInsensitive = true; }

// ---- keywords (reserved unless listed in HiveQL.g4's nonReserved rule) ----
// The interval units take Hive's plural spellings too (30 DAYS); both are one token.
ADD: 'ADD';
ALL: 'ALL';
ALTER: 'ALTER';
AND: 'AND';
AS: 'AS';
ASC: 'ASC';
BETWEEN: 'BETWEEN';
BUCKETS: 'BUCKETS';
BY: 'BY';
CASE: 'CASE';
CAST: 'CAST';
CHANGE: 'CHANGE';
CLUSTER: 'CLUSTER';
CLUSTERED: 'CLUSTERED';
COLUMN: 'COLUMN';
COLUMNS: 'COLUMNS';
COMMENT: 'COMMENT';
CREATE: 'CREATE';
CROSS: 'CROSS';
CUBE: 'CUBE';
CURRENT: 'CURRENT';
CURRENT_DATE: 'CURRENT_DATE';
CURRENT_TIMESTAMP: 'CURRENT_TIMESTAMP';
DATA: 'DATA';
DATE: 'DATE';
DAY: 'DAY' | 'DAYS';
DEFINED: 'DEFINED';
DELIMITED: 'DELIMITED';
DESC: 'DESC';
DESCRIBE: 'DESCRIBE';
DIRECTORY: 'DIRECTORY';
DISTINCT: 'DISTINCT';
DISTRIBUTE: 'DISTRIBUTE';
DIV: 'DIV';
DOUBLE: 'DOUBLE';
DROP: 'DROP';
ELSE: 'ELSE';
END: 'END';
ESCAPED: 'ESCAPED';
EXCEPT: 'EXCEPT';
EXISTS: 'EXISTS';
EXTERNAL: 'EXTERNAL';
EXPLAIN: 'EXPLAIN';
EXTENDED: 'EXTENDED';
EXTRACT: 'EXTRACT';
FALSE: 'FALSE';
FIELDS: 'FIELDS';
FIRST: 'FIRST';
FOLLOWING: 'FOLLOWING';
FORMAT: 'FORMAT';
FORMATTED: 'FORMATTED';
FROM: 'FROM';
FULL: 'FULL';
FUNCTION: 'FUNCTION';
FUNCTIONS: 'FUNCTIONS';
GROUP: 'GROUP';
GROUPING: 'GROUPING';
HAVING: 'HAVING';
HOUR: 'HOUR' | 'HOURS';
IF: 'IF';
IN: 'IN';
INNER: 'INNER';
INPATH: 'INPATH';
INSERT: 'INSERT';
INTERSECT: 'INTERSECT';
INTERVAL: 'INTERVAL';
INTO: 'INTO';
IS: 'IS';
JOIN: 'JOIN';
LAST: 'LAST';
LEFT: 'LEFT';
LIKE: 'LIKE';
LIMIT: 'LIMIT';
LINES: 'LINES';
LOAD: 'LOAD';
LOCAL: 'LOCAL';
MINUS: 'MINUS';
MINUTE: 'MINUTE' | 'MINUTES';
MONTH: 'MONTH' | 'MONTHS';
NOT: 'NOT';
NULL: 'NULL';
NULLS: 'NULLS';
OFFSET: 'OFFSET';
ON: 'ON';
OR: 'OR';
ORDER: 'ORDER';
OUTER: 'OUTER';
OVER: 'OVER';
OVERWRITE: 'OVERWRITE';
PARTITION: 'PARTITION';
PARTITIONED: 'PARTITIONED';
PARTITIONS: 'PARTITIONS';
PRECEDING: 'PRECEDING';
PRECISION: 'PRECISION';
RANGE: 'RANGE';
REGEXP: 'REGEXP';
RENAME: 'RENAME';
RESTRICT: 'RESTRICT';
REPLACE: 'REPLACE';
RIGHT: 'RIGHT';
RLIKE: 'RLIKE';
ROLLUP: 'ROLLUP';
ROW: 'ROW';
ROWS: 'ROWS';
SCHEMA: 'SCHEMA';
SCHEMAS: 'SCHEMAS';
SECOND: 'SECOND' | 'SECONDS';
SELECT: 'SELECT';
SEMI: 'SEMI';
SET: 'SET';
SETS: 'SETS';
SHOW: 'SHOW';
SORT: 'SORT';
SORTED: 'SORTED';
STORED: 'STORED';
TABLE: 'TABLE';
DATABASE: 'DATABASE';
DATABASES: 'DATABASES';
DBPROPERTIES: 'DBPROPERTIES';
CASCADE: 'CASCADE';
ANALYZE: 'ANALYZE';
COMPUTE: 'COMPUTE';
STATISTICS: 'STATISTICS';
NOSCAN: 'NOSCAN';
FOR: 'FOR';
LOCATION: 'LOCATION';
TABLES: 'TABLES';
TBLPROPERTIES: 'TBLPROPERTIES';
TEMPORARY: 'TEMPORARY';
TERMINATED: 'TERMINATED';
THEN: 'THEN';
TIMESTAMP: 'TIMESTAMP';
TO: 'TO';
TRUE: 'TRUE';
TRUNCATE: 'TRUNCATE';
UNBOUNDED: 'UNBOUNDED';
UNION: 'UNION';
USE: 'USE';
USING: 'USING';
VALUES: 'VALUES';
VIEW: 'VIEW';
LATERAL: 'LATERAL';
TABLESAMPLE: 'TABLESAMPLE';
BUCKET: 'BUCKET';
OUT: 'OUT';
OF: 'OF';
PERCENT_KEYWORD: 'PERCENT';
COLLECTION: 'COLLECTION';
ITEMS: 'ITEMS';
KEYS: 'KEYS';
MAP: 'MAP';
VIEWS: 'VIEWS';
WHEN: 'WHEN';
WHERE: 'WHERE';
WINDOW: 'WINDOW';
WITH: 'WITH';
YEAR: 'YEAR' | 'YEARS';

// ---- operators and punctuation ----
NSEQ: '<=>';
EQ: '=' | '==';
NEQ: '<>' | '!=';
LTE: '<=';
GTE: '>=';
LT: '<';
GT: '>';
BANG: '!';
PLUS: '+';
MINUS_SIGN: '-';
STAR: '*';
SLASH: '/';
PERCENT: '%';
CONCAT: '||';
LPAREN: '(';
RPAREN: ')';
COMMA: ',';
DOT: '.';
LBRACKET: '[';
RBRACKET: ']';
COLON: ':';
SEMICOLON: ';';

// ---- literals ----
// Hive: a backslash escapes the next character; no doubled-quote escape ('a''b' is two adjacent literals).
STRING
    : '\'' ( ~['\\] | '\\' . )* '\''
    | '"' ( ~["\\] | '\\' . )* '"'
    ;

// Number literals precede IDENTIFIER: on a tie (e.g. "10L", "1e3") the first rule wins.
TINYINT_LITERAL: DIGIT+ 'Y';
SMALLINT_LITERAL: DIGIT+ 'S';
BIGINT_LITERAL: DIGIT+ 'L';
DECIMAL_LITERAL: (DIGIT+ ('.' DIGIT*)? | '.' DIGIT+) EXPONENT? 'BD';
INTEGER_VALUE: DIGIT+;
DECIMAL_VALUE: DIGIT+ '.' DIGIT* | '.' DIGIT+;
DOUBLE_VALUE: (DIGIT+ ('.' DIGIT*)? | '.' DIGIT+) EXPONENT;

// Hive identifiers may start with a digit ("1st_col"); pure digits lex as INTEGER_VALUE above.
IDENTIFIER: (LETTER | DIGIT | '_')+;
BACKQUOTED_IDENTIFIER: '`' ( ~'`' | '``' )* '`';

// ---- ignored ----
WS: [ \t\r\n\f]+ -> channel(HIDDEN);
LINE_COMMENT: '--' ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT: '/*' .*? '*/' -> channel(HIDDEN);

// ---- lexical errors, reported by the parser facade ----
// None of these can span a closing delimiter, so a terminated token is always the longer match.
UNTERMINATED_BLOCK_COMMENT: '/*' ( ~'*' | '*'+ ~[*/] )* '*'* EOF;
UNTERMINATED_STRING
    : '\'' ( ~['\\] | '\\' . )* '\\'? EOF
    | '"' ( ~["\\] | '\\' . )* '\\'? EOF
    ;
UNTERMINATED_BACKQUOTE: '`' ( ~'`' | '``' )* EOF;
UNRECOGNIZED: .;

fragment DIGIT: [0-9];
fragment LETTER: [a-z];
fragment EXPONENT: 'E' [+-]? DIGIT+;
