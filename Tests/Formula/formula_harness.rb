# Loads Formula/causegraph.rb under a small stand-in for Homebrew's formula DSL, checks what it
# declares and what its install step runs, then runs its `test do` block for real against a built
# causegraph. Homebrew itself is not needed, so this runs on Linux too.
#
# Usage: ruby Tests/Formula/formula_harness.rb PACKAGE_DIR CAUSEGRAPH_BINARY
# Prints one line per check; exits 1 on the first failure.
require "fileutils"
require "pathname"
require "tmpdir"

package = Pathname(ARGV.fetch(0)).expand_path
binary = Pathname(ARGV.fetch(1)).expand_path

def check(condition, what)
  raise "formula: #{what}" unless condition

  puts "ok: #{what}"
end

module OS
  def self.mac?
    $mac
  end
end

class Formula
  class << self
    attr_reader :stanzas, :dependencies, :test_block

    %i[desc homepage license].each do |name|
      define_method(name) { |value| (@stanzas ||= []) << name; (@fields ||= {})[name] = value }
    end

    def field(name) = @fields[name]

    def head(url, branch:)
      (@stanzas ||= []) << :head
      @fields[:head] = [url, branch]
    end

    def depends_on(spec)
      (@stanzas ||= []) << :depends_on
      (@dependencies ||= []) << spec
    end

    def uses_from_macos(spec)
      (@stanzas ||= []) << :uses_from_macos
      (@dependencies ||= []) << [:uses_from_macos, spec]
    end

    def test(&block)
      @test_block = block
    end
  end

  attr_reader :steps
  attr_accessor :prefix, :testpath, :buildpath, :running_test

  def initialize
    @steps = []
  end

  def bin = prefix/"bin"
  def man1 = prefix/"share/man/man1"
  def pkgshare = prefix/"share/causegraph"

  # Records what install asks for; in the test block, runs it and fails as Homebrew does.
  def system(*args)
    args = args.map(&:to_s)
    return @steps << [:system, args] unless running_test

    Kernel.system(*args, chdir: testpath.to_s) || raise("`#{args.join(" ")}` failed")
  end

  def shell_output(command)
    output = IO.popen(command, chdir: testpath.to_s, &:read)
    raise "`#{command}` exited with #{$?.exitstatus}" unless $?.success?

    output
  end

  def assert_match(pattern, text)
    matched = pattern.is_a?(Regexp) ? pattern.match?(text) : text.include?(pattern)
    raise "expected #{pattern.inspect} in the output" unless matched
  end

  def generate_completions_from_executable(*command)
    @steps << [:completions, command.map(&:to_s)]
  end
end

# Pathname#install, as Homebrew adds it: moves the named files of the build folder into the folder.
# Pathname#atomic_write records what replaces a file.
class Pathname
  def install(*sources)
    FileUtils.mkdir_p(self)
    sources.each { |source| $installed << [self, source.to_s] }
  end

  def atomic_write(content)
    $rewritten << [self, content]
  end
end

# Homebrew's Utils.safe_popen_read, recorded: what it returns stands for the command's output.
module Utils
  def self.safe_popen_read(*args)
    $popened << args.map(&:to_s)
    "output of #{args.first}"
  end
end

$installed = []
$rewritten = []
$popened = []
load (package/"Formula/causegraph.rb").to_s
formula_class = Causegraph

stanzas = formula_class.stanzas.chunk_while { |a, b| a == b }.map(&:first)
check stanzas == %i[desc homepage license head depends_on uses_from_macos],
      "stanzas in Homebrew's order (#{stanzas.join(", ")})"
check formula_class.dependencies.include?("graphviz"), "depends on graphviz"
check formula_class.dependencies.include?({ "pkgconf" => :build }), "builds with pkgconf"
xcode = formula_class.dependencies.find { |spec| spec.is_a?(Hash) && spec.key?(:xcode) }
check xcode && xcode[:xcode].include?(:build) && Gem::Version.new(xcode[:xcode].first) >= Gem::Version.new("26.0"),
      "builds with Xcode 26 or later (Swift 6.2, the package's floor)"
check formula_class.field(:license) == "Apache-2.0", "license matches LICENSE"

# The install step, as on a Mac.
$mac = true
formula = formula_class.new
formula.prefix = Pathname(Dir.mktmpdir("causegraph-formula-prefix"))
formula.buildpath = package
formula.install
builds = formula.steps.select { |kind, args| kind == :system && args.first(2) == %w[swift build] }.map(&:last)
check builds.any? { |args| args.include?("--disable-sandbox") && args.each_cons(2).include?(%w[--configuration release]) && args.each_cons(2).include?(%w[--product causegraph]) },
      "runs swift build -c release --disable-sandbox for the causegraph product"
installed = $installed.map { |folder, source| [folder.relative_path_from(formula.prefix).to_s, source] }
check installed.include?(["bin", ".build/release/causegraph"]), "installs the binary"
check installed.include?(["share/man/man1", "manual/causegraph.1"]), "installs the man page"
manual = formula.steps.find { |kind, args| kind == :system && args.first.end_with?("generate-manual") }
check manual && manual.last.include?((formula.bin/"causegraph").to_s) && manual.last.each_cons(2).include?(["--output-directory", (package/"manual").to_s]),
      "generates the man page into the folder it installs from"
page = package/"manual/causegraph.1"
check $popened == [["awk", "-f", "scripts/man-examples.awk", page.to_s]] && $rewritten == [[page, "output of awk"]] &&
      (package/"scripts/man-examples.awk").file?,
      "gathers the commands' examples into the man page's EXAMPLES section before installing it, as make install does"
completions = formula.steps.find { |kind, _| kind == :completions }
check completions && completions.last == [(formula.bin/"causegraph").to_s, "--generate-completion-script"],
      "generates completions with --generate-completion-script"
%w[bash zsh fish].each do |shell|
  script = IO.popen([binary.to_s, "--generate-completion-script", shell], &:read)
  check $?.success? && script.include?("causegraph"), "the binary writes a #{shell} completion script"
end
shared = $installed.select { |folder, _| folder == formula.pkgshare }.map(&:last)
check !shared.empty? && shared.all? { |source| (package/source).file? }, "the trace its test renders is in the repository"

# The test block, for real: the binary in bin, the shared trace in pkgshare.
FileUtils.mkdir_p([formula.bin, formula.pkgshare])
FileUtils.ln_s(binary, formula.bin/"causegraph")
shared.each { |source| FileUtils.cp(package/source, formula.pkgshare) }
formula.testpath = Pathname(Dir.mktmpdir("causegraph-formula-test"))
formula.running_test = true
formula.instance_eval(&formula_class.test_block)
check (formula.testpath/"landmarks.svg").file?, "its test block renders the bundled trace and checks the SVG"
FileUtils.rm_rf([formula.prefix, formula.testpath])
