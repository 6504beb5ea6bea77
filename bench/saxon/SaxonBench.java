// The reference a Java shop runs, for bench/validate-document.bench.mjs: Saxon-HE (Debian
// libsaxonhe-java) applying the official EN 16931 XSLT to an invoice, timed inside one warm JVM so
// the bench can interleave its rounds with einv's. Run in source-file mode (no build step):
//   java -cp /usr/share/java/Saxon-HE.jar bench/saxon/SaxonBench.java
// Commands on stdin, one per line, fields separated by tabs; one JSON line answers each:
//   compile KEY XSLT_PATH     -> {"ok":true}
//   run KEY N XML_PATH        -> {"ms":[...],"cpuMs":[...]}  N transforms of the file's bytes (parse
//                                 included, the SVRL report serialised and discarded): wall time and
//                                 the CPU time of the transforming thread (the machine may be shared)
//   judge KEY ID BASE64_XML   -> {"id":ID,"failed":[{"id","flag","location","text"}...]} the failed
//                                 assertions of the SVRL report (scripts/lib/saxon-he-oracle.mjs, the
//                                 official verdict for long differential runs), or {"id":ID,"error":MSG}
//                                 when the XSLT stops on the document (as SaxonJS would)
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.QName;
import net.sf.saxon.s9api.Serializer;
import net.sf.saxon.s9api.XPathExecutable;
import net.sf.saxon.s9api.XPathSelector;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XdmItem;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;

public class SaxonBench {
  public static void main(String[] args) throws Exception {
    Processor processor = new Processor(false);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, XsltExecutable> compiled = new HashMap<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    net.sf.saxon.s9api.XPathCompiler xpath = processor.newXPathCompiler();
    xpath.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    XPathExecutable failedAsserts = xpath.compile("//svrl:failed-assert");
    XPathExecutable assertText = xpath.compile("normalize-space(svrl:text)");
    String line;
    while ((line = in.readLine()) != null) {
      String[] f = line.split("\t");
      try {
        if (f[0].equals("compile")) {
          compiled.put(f[1], processor.newXsltCompiler().compile(new StreamSource(new File(f[2]))));
          System.out.println("{\"ok\":true}");
        } else if (f[0].equals("run")) {
          XsltExecutable xslt = compiled.get(f[1]);
          int n = Integer.parseInt(f[2]);
          byte[] bytes = Files.readAllBytes(new File(f[3]).toPath());
          StringBuilder out = new StringBuilder("{\"ms\":[");
          StringBuilder cpu = new StringBuilder("\"cpuMs\":[");
          for (int i = 0; i < n; i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            XsltTransformer t = xslt.load();
            t.setSource(new StreamSource(new ByteArrayInputStream(bytes), f[3]));
            Serializer sink = processor.newSerializer(OutputStream.nullOutputStream());
            t.setDestination(sink);
            t.transform();
            double ms = (System.nanoTime() - t0) / 1e6;
            double cpuMs = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            out.append(i == 0 ? "" : ",").append(ms);
            cpu.append(i == 0 ? "" : ",").append(cpuMs);
          }
          System.out.println(out.append("],").append(cpu).append("]}"));
        } else if (f[0].equals("judge")) {
          System.out.println(judge(processor, compiled.get(f[1]), f[2], f[3], failedAsserts, assertText));
        } else {
          System.out.println("{\"error\":\"unknown command\"}");
        }
      } catch (Exception e) {
        String msg = String.valueOf(e.getMessage()).replace("\\", "\\\\").replace("\"", "'");
        System.out.println("{\"error\":\"" + msg + "\"}");
      }
      System.out.flush();
    }
  }

  /** One document through one compiled XSLT: its failed assertions as a JSON line */
  static String judge(
      Processor processor,
      XsltExecutable xslt,
      String id,
      String base64Xml,
      XPathExecutable failedAsserts,
      XPathExecutable assertText) {
    StringBuilder out = new StringBuilder("{\"id\":").append(json(id));
    try {
      byte[] bytes = Base64.getDecoder().decode(base64Xml);
      XsltTransformer t = xslt.load();
      t.setSource(new StreamSource(new ByteArrayInputStream(bytes)));
      XdmDestination svrl = new XdmDestination();
      t.setDestination(svrl);
      t.transform();
      XPathSelector asserts = failedAsserts.load();
      asserts.setContextItem(svrl.getXdmNode());
      out.append(",\"failed\":[");
      boolean first = true;
      for (XdmItem item : asserts) {
        XdmNode node = (XdmNode) item;
        XPathSelector text = assertText.load();
        text.setContextItem(node);
        String flag = node.getAttributeValue(new QName("flag"));
        out.append(first ? "" : ",")
            .append("{\"id\":").append(json(node.getAttributeValue(new QName("id"))))
            .append(",\"flag\":").append(json(flag == null || flag.isEmpty() ? "fatal" : flag))
            .append(",\"location\":").append(json(node.getAttributeValue(new QName("location"))))
            .append(",\"text\":").append(json(text.evaluateSingle().getStringValue()))
            .append("}");
        first = false;
      }
      return out.append("]}").toString();
    } catch (Exception e) {
      return out.append(",\"error\":").append(json(String.valueOf(e.getMessage()))).append("}").toString();
    }
  }

  /** A JSON string literal (null for a missing attribute) */
  static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
