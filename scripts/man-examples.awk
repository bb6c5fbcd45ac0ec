# Moves the examples that end each command's help (CommandExamples) out of the man page's
# DESCRIPTION, where generate-manual leaves them as plain text, into an EXAMPLES section after
# EXIT STATUS: each example its purpose, then the command as a display line (`.Dl`).
# Usage: awk -f scripts/man-examples.awk causegraph.1 > causegraph.1.new
function roff(text) {
    gsub(/\\/, "\\e", text)
    gsub(/"/, "\\(dq", text)
    return text
}
/^Examples:$/ { if (total > 0 && lines[total] == "") total--; collecting = 1; next }
collecting && /^      / { sub(/^ +/, ""); purpose[count] = $0; next }
collecting && /^  [^ ]/ { sub(/^ +/, ""); command[++count] = $0; next }
{ collecting = 0; lines[++total] = $0 }
END {
    for (i = 1; i <= total; i++) {
        print lines[i]
        if (lines[i] ~ /^\.Sh "EXIT STATUS"/) {
            # The section's body runs to the next .Sh; EXAMPLES follows it.
            while (i + 1 <= total && lines[i + 1] !~ /^\.Sh /) print lines[++i]
            if (count > 0) {
                print ".Sh EXAMPLES"
                for (e = 1; e <= count; e++) {
                    print ".Pp"
                    print roff(purpose[e])
                    print ".Dl " roff(command[e])
                }
            }
        }
    }
}
