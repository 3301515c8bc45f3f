-- Single-table differential queries: each runs through HadoopDB (HiveQL) and on one PostgreSQL
-- holding the same rows; the answers must be equal. One query per line. "ordered:" compares in
-- order (the ORDER BY must be total). "hive ||| pg" gives PostgreSQL its own spelling where the
-- two dialects differ (Hive semantics are the reference: NULLs sort first ascending, and so on).
-- Table dt: k int (the partitioning key), ti tinyint, si smallint, i int, bi bigint, f float,
-- d double, dec decimal(12,3), s string, vc varchar(20), b boolean, dt date, ts timestamp.
-- Table dt_empty: the same columns, no rows.

-- projections and filters
SELECT k, i, s FROM dt
SELECT * FROM dt WHERE k = 17
SELECT k FROM dt WHERE k IN (1, 2, 3, 500)
SELECT k, s FROM dt WHERE s = 'alpha'
SELECT k FROM dt WHERE s IS NULL
SELECT k FROM dt WHERE s IS NOT NULL AND i IS NULL
SELECT k, ti FROM dt WHERE ti < 0
SELECT k, si FROM dt WHERE si BETWEEN -100 AND 100
SELECT k, bi FROM dt WHERE bi > 1000000000
SELECT k, d FROM dt WHERE d >= 0.5
SELECT k, f FROM dt WHERE f < 0
SELECT k, dec FROM dt WHERE dec > 100.5
SELECT k, dec FROM dt WHERE dec = 0
SELECT k FROM dt WHERE b
SELECT k FROM dt WHERE NOT b
SELECT k FROM dt WHERE b IS NULL
SELECT k, dt FROM dt WHERE dt < DATE '2001-01-01'
SELECT k, dt FROM dt WHERE dt BETWEEN DATE '2001-03-01' AND DATE '2001-06-30'
SELECT k, ts FROM dt WHERE ts > TIMESTAMP '2001-06-01 12:00:00'
SELECT k FROM dt WHERE i > 10 OR s = 'beta'
SELECT k FROM dt WHERE (i > 10 AND s = 'beta') OR (i < -10 AND s = 'gamma')
SELECT k FROM dt WHERE NOT (i > 0)
SELECT k FROM dt WHERE i <> 0
SELECT k FROM dt WHERE i IN (1, 2, 3) OR i IS NULL
SELECT k FROM dt WHERE i NOT IN (1, 2, 3)
SELECT k FROM dt WHERE s IN ('alpha', 'beta')
SELECT k FROM dt WHERE s NOT IN ('alpha', 'beta')
SELECT k FROM dt WHERE s LIKE 'al%'
SELECT k FROM dt WHERE s LIKE '%a'
SELECT k FROM dt WHERE s LIKE '_eta'
SELECT k FROM dt WHERE s NOT LIKE '%a%'
SELECT k FROM dt WHERE vc LIKE '%x%'
SELECT k FROM dt WHERE s > 'beta'
SELECT k FROM dt WHERE s < 'Zeta'
SELECT k FROM dt WHERE vc >= 'm'
SELECT k FROM dt WHERE s = ''
SELECT k FROM dt WHERE length(s) = 0 ||| SELECT k FROM dt WHERE length(s) = 0
SELECT k FROM dt WHERE k % 7 = 3
SELECT k FROM dt WHERE i BETWEEN 10 AND -10
SELECT k FROM dt WHERE d IS NULL OR d = 0
SELECT k FROM dt WHERE dec BETWEEN -5 AND 5
-- arithmetic and expressions
SELECT k, i + 1, i - 1, i * 2 FROM dt
SELECT k, bi + i, bi - si FROM dt
SELECT k, i / 4 FROM dt ||| SELECT k, i::float8 / 4 FROM dt
SELECT k, k / 3 FROM dt ||| SELECT k, k::float8 / 3 FROM dt
SELECT k, i DIV 4 FROM dt WHERE i IS NOT NULL ||| SELECT k, trunc(i::numeric / 4)::bigint FROM dt WHERE i IS NOT NULL
SELECT k, k % 5 FROM dt
SELECT k, -i, -d FROM dt
SELECT k, d * 2, d + 0.5 FROM dt
SELECT k, dec * 2, dec + 1 FROM dt
SELECT k, dec - dec FROM dt
SELECT k, f * 2 FROM dt
SELECT k, abs(i), abs(d), abs(dec) FROM dt
SELECT k, i + d FROM dt
SELECT k, CASE WHEN i > 0 THEN 'pos' WHEN i < 0 THEN 'neg' ELSE 'zero or null' END FROM dt
SELECT k, CASE i WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'other' END FROM dt
SELECT k, CASE WHEN s IS NULL THEN -1 ELSE length(s) END FROM dt
SELECT k, coalesce(s, 'none') FROM dt
SELECT k, coalesce(i, si, 0) FROM dt
SELECT k, nvl(s, 'none') FROM dt ||| SELECT k, coalesce(s, 'none') FROM dt
SELECT k, if(i > 0, 'p', 'n') FROM dt ||| SELECT k, CASE WHEN i > 0 THEN 'p' ELSE 'n' END FROM dt
SELECT k, nullif(i, 0) FROM dt
SELECT k, i IS NULL, s IS NOT NULL FROM dt
SELECT k, i > 0 AND b FROM dt
SELECT k, i > 0 OR b FROM dt
SELECT k, CAST(i AS BIGINT) FROM dt
SELECT k, CAST(i AS DOUBLE) FROM dt ||| SELECT k, CAST(i AS DOUBLE PRECISION) FROM dt
SELECT k, CAST(i AS STRING) FROM dt ||| SELECT k, CAST(i AS TEXT) FROM dt
SELECT k, CAST(dec AS DOUBLE) FROM dt ||| SELECT k, CAST(dec AS DOUBLE PRECISION) FROM dt
SELECT k, CAST(dt AS STRING) FROM dt ||| SELECT k, CAST(dt AS TEXT) FROM dt
SELECT k, CAST(k AS DECIMAL(10,2)) FROM dt ||| SELECT k, CAST(k AS NUMERIC(10,2)) FROM dt
-- string functions
SELECT k, upper(s), lower(s) FROM dt ||| SELECT k, upper(s COLLATE "{utf8}"), lower(s COLLATE "{utf8}") FROM dt
SELECT k, length(s), length(vc) FROM dt
SELECT k, concat(s, '-', vc) FROM dt ||| SELECT k, s || '-' || vc FROM dt
SELECT k, concat(s, CAST(k AS STRING)) FROM dt ||| SELECT k, s || CAST(k AS TEXT) FROM dt
SELECT k, substr(s, 2) FROM dt ||| SELECT k, substr(s, 2) FROM dt
SELECT k, substr(s, 1, 3) FROM dt ||| SELECT k, substr(s, 1, 3) FROM dt
SELECT k, trim(vc), ltrim(vc), rtrim(vc) FROM dt ||| SELECT k, btrim(vc, ' '), ltrim(vc, ' '), rtrim(vc, ' ') FROM dt
SELECT k, reverse(s) FROM dt
SELECT k, replace(s, 'a', 'A') FROM dt
SELECT k, lpad(s, 8, '*'), rpad(s, 8, '*') FROM dt WHERE s <> ''
SELECT k, upper(substr(s, 1, 1)) FROM dt ||| SELECT k, upper(substr(s, 1, 1) COLLATE "{utf8}") FROM dt
SELECT upper(s), COUNT(*) FROM dt GROUP BY upper(s) ||| SELECT upper(s COLLATE "{utf8}"), COUNT(*) FROM dt GROUP BY 1
-- date functions
SELECT k, year(dt), month(dt), day(dt) FROM dt ||| SELECT k, extract(year from dt)::int, extract(month from dt)::int, extract(day from dt)::int FROM dt
SELECT year(dt), COUNT(*) FROM dt GROUP BY year(dt) ||| SELECT extract(year from dt)::int, COUNT(*) FROM dt GROUP BY 1
SELECT k, datediff(dt, DATE '2001-01-01') FROM dt ||| SELECT k, dt - DATE '2001-01-01' FROM dt
SELECT k, date_add(dt, 10) FROM dt ||| SELECT k, dt + 10 FROM dt
SELECT k, date_sub(dt, 3) FROM dt ||| SELECT k, dt - 3 FROM dt
SELECT k, to_date(ts) FROM dt ||| SELECT k, ts::date FROM dt
SELECT k, hour(ts), minute(ts) FROM dt ||| SELECT k, extract(hour from ts)::int, extract(minute from ts)::int FROM dt
-- aggregates over the whole table
SELECT COUNT(*) FROM dt
SELECT COUNT(s), COUNT(i), COUNT(b) FROM dt
SELECT COUNT(DISTINCT s) FROM dt
SELECT COUNT(DISTINCT i) FROM dt
SELECT SUM(i), SUM(bi), SUM(si), SUM(ti) FROM dt
SELECT SUM(d), AVG(d) FROM dt
SELECT SUM(dec), AVG(dec) FROM dt ||| SELECT SUM(dec), CAST(AVG(dec) AS NUMERIC(16,7)) FROM dt
SELECT AVG(i), AVG(bi) FROM dt
SELECT MIN(i), MAX(i), MIN(bi), MAX(bi) FROM dt
SELECT MIN(s), MAX(s) FROM dt
SELECT MIN(vc), MAX(vc) FROM dt
SELECT MIN(dt), MAX(dt), MIN(ts), MAX(ts) FROM dt
SELECT MIN(dec), MAX(dec), MIN(d), MAX(d) FROM dt
SELECT MIN(f), MAX(f) FROM dt
SELECT COUNT(*), SUM(i) FROM dt WHERE i > 1000000
SELECT COUNT(*), COUNT(DISTINCT s), SUM(i) FROM dt
SELECT variance(d), stddev_pop(d), var_samp(d), stddev_samp(d) FROM dt ||| SELECT var_pop(d), stddev_pop(d), var_samp(d), stddev_samp(d) FROM dt
SELECT stddev_pop(i) FROM dt ||| SELECT stddev_pop(i)::float8 FROM dt
-- GROUP BY on the partitioning key (pushed whole) and off it (merged in MapReduce)
SELECT k, COUNT(*), SUM(i) FROM dt GROUP BY k
SELECT k, MAX(s) FROM dt GROUP BY k
SELECT s, COUNT(*) FROM dt GROUP BY s
SELECT s, SUM(i), MIN(d), MAX(dec) FROM dt GROUP BY s
SELECT s, AVG(i), AVG(dec) FROM dt GROUP BY s ||| SELECT s, AVG(i), CAST(AVG(dec) AS NUMERIC(16,7)) FROM dt GROUP BY s
SELECT b, COUNT(*) FROM dt GROUP BY b
SELECT dt, COUNT(*) FROM dt GROUP BY dt
SELECT ti, COUNT(*) FROM dt GROUP BY ti
SELECT s, vc, COUNT(*) FROM dt GROUP BY s, vc
SELECT s, COUNT(DISTINCT i) FROM dt GROUP BY s
SELECT s, COUNT(*), COUNT(DISTINCT i) FROM dt GROUP BY s
SELECT k % 10, COUNT(*) FROM dt GROUP BY k % 10
SELECT i % 3, SUM(d) FROM dt GROUP BY i % 3
SELECT s, COUNT(*) FROM dt GROUP BY s HAVING COUNT(*) > 20
SELECT s, SUM(i) FROM dt GROUP BY s HAVING SUM(i) > 0
SELECT s, SUM(i) * 2, COUNT(*) + 1 FROM dt GROUP BY s
SELECT s, MAX(i) - MIN(i) FROM dt GROUP BY s
SELECT DISTINCT s FROM dt
SELECT DISTINCT s, b FROM dt
SELECT DISTINCT k % 4 FROM dt
SELECT COUNT(*) FROM (SELECT DISTINCT s, vc FROM dt) t
-- ORDER BY and LIMIT (Hive sorts NULLs first ascending, last descending)
ordered: SELECT k, i FROM dt ORDER BY k ||| SELECT k, i FROM dt ORDER BY k
ordered: SELECT k FROM dt ORDER BY k DESC LIMIT 10
ordered: SELECT k, s FROM dt ORDER BY s, k ||| SELECT k, s FROM dt ORDER BY s COLLATE "C" NULLS FIRST, k
ordered: SELECT k, s FROM dt ORDER BY s DESC, k ||| SELECT k, s FROM dt ORDER BY s COLLATE "C" DESC NULLS LAST, k
ordered: SELECT k, i FROM dt ORDER BY i, k LIMIT 25 ||| SELECT k, i FROM dt ORDER BY i NULLS FIRST, k LIMIT 25
ordered: SELECT k, d FROM dt ORDER BY d DESC, k LIMIT 25 ||| SELECT k, d FROM dt ORDER BY d DESC NULLS LAST, k LIMIT 25
ordered: SELECT k, dec FROM dt ORDER BY dec, k LIMIT 30 ||| SELECT k, dec FROM dt ORDER BY dec NULLS FIRST, k LIMIT 30
ordered: SELECT k, dt FROM dt ORDER BY dt, k LIMIT 30 ||| SELECT k, dt FROM dt ORDER BY dt NULLS FIRST, k LIMIT 30
ordered: SELECT s, COUNT(*) AS n FROM dt GROUP BY s ORDER BY n DESC, s ||| SELECT s, COUNT(*) AS n FROM dt GROUP BY s ORDER BY n DESC, s COLLATE "C" NULLS FIRST
ordered: SELECT s, SUM(i) AS t FROM dt GROUP BY s ORDER BY t DESC LIMIT 3 ||| SELECT s, SUM(i) AS t FROM dt GROUP BY s ORDER BY t DESC NULLS LAST LIMIT 3
ordered: SELECT k, vc FROM dt WHERE vc IS NOT NULL ORDER BY vc, k LIMIT 40 ||| SELECT k, vc FROM dt WHERE vc IS NOT NULL ORDER BY vc COLLATE "C", k LIMIT 40
ordered: SELECT k FROM dt WHERE s = 'alpha' ORDER BY k LIMIT 5
SELECT COUNT(*) FROM (SELECT k FROM dt ORDER BY k LIMIT 7) t
-- sub-queries, CTEs, UNION ALL
SELECT t.s, t.n FROM (SELECT s, COUNT(*) AS n FROM dt GROUP BY s) t WHERE t.n > 10
SELECT MAX(n) FROM (SELECT s, COUNT(*) AS n FROM dt GROUP BY s) t
WITH big AS (SELECT k, i FROM dt WHERE i > 0) SELECT COUNT(*), SUM(i) FROM big
WITH g AS (SELECT s, SUM(d) AS t FROM dt GROUP BY s) SELECT s FROM g WHERE t > 0
SELECT k FROM dt WHERE k < 5 UNION ALL SELECT k FROM dt WHERE k > 395
SELECT s, COUNT(*) FROM (SELECT s FROM dt WHERE k < 100 UNION ALL SELECT s FROM dt WHERE k >= 300) u GROUP BY s
SELECT k FROM dt WHERE i = (SELECT MAX(i) FROM dt)
SELECT k FROM dt WHERE i > (SELECT AVG(i) FROM dt)
SELECT COUNT(*) FROM dt WHERE s IN (SELECT s FROM dt WHERE i > 100)
SELECT COUNT(*) FROM dt WHERE k NOT IN (SELECT k FROM dt WHERE i > 0)
SELECT COUNT(*) FROM dt a WHERE EXISTS (SELECT 1 FROM dt b WHERE b.k = a.k + 1)
-- window functions
SELECT k, s, ROW_NUMBER() OVER (PARTITION BY s ORDER BY k) FROM dt
SELECT k, s, SUM(i) OVER (PARTITION BY s) FROM dt
SELECT k, RANK() OVER (PARTITION BY k % 5 ORDER BY i) FROM dt ||| SELECT k, RANK() OVER (PARTITION BY k % 5 ORDER BY i NULLS FIRST) FROM dt
SELECT k, COUNT(*) OVER (PARTITION BY k) FROM dt
-- the empty table
SELECT * FROM dt_empty
SELECT COUNT(*), SUM(i), MAX(s) FROM dt_empty
SELECT s, COUNT(*) FROM dt_empty GROUP BY s
SELECT k, COUNT(*) FROM dt_empty GROUP BY k
ordered: SELECT k FROM dt_empty ORDER BY k LIMIT 3
SELECT COUNT(*) FROM dt_empty WHERE i > 0
SELECT DISTINCT s FROM dt_empty
SELECT COUNT(DISTINCT s) FROM dt_empty
SELECT AVG(d) FROM dt_empty
