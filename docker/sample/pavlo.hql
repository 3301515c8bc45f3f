-- The sample init-cluster.sh loads: the HadoopDB paper's benchmark tables with the paper's layout
-- (cli/.../quickstart/PaperData.java), from the files its generator wrote to /tmp/hadoopdb-sample.
-- UserVisits is hashed on destURL and Rankings on pageURL, so the Join task's join runs inside each
-- chunk; two chunks per worker.
CREATE TABLE IF NOT EXISTS rankings (pagerank INT, pageurl STRING, avgduration INT)
  CLUSTERED BY (pageurl) SORTED BY (pagerank) INTO 6 BUCKETS
  ROW FORMAT DELIMITED FIELDS TERMINATED BY '|';
CREATE TABLE IF NOT EXISTS uservisits (sourceip STRING, desturl STRING, visitdate DATE, adrevenue DOUBLE,
    useragent STRING, countrycode STRING, languagecode STRING, searchword STRING, duration INT)
  CLUSTERED BY (desturl) SORTED BY (visitdate) INTO 6 BUCKETS
  ROW FORMAT DELIMITED FIELDS TERMINATED BY '|';
CREATE TABLE IF NOT EXISTS grep (record STRING) CLUSTERED BY (record) INTO 6 BUCKETS;

LOAD DATA LOCAL INPATH '/tmp/hadoopdb-sample/rankings' OVERWRITE INTO TABLE rankings;
LOAD DATA LOCAL INPATH '/tmp/hadoopdb-sample/grep' OVERWRITE INTO TABLE grep;
-- last: init-cluster.sh takes a loaded uservisits for a loaded sample
LOAD DATA LOCAL INPATH '/tmp/hadoopdb-sample/uservisits' OVERWRITE INTO TABLE uservisits;
