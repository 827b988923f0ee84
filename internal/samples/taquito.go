package samples

import (
	"path"
	"regexp"
	"strconv"
)

// TypeScript samples compile against the Taquito major that their docs folder tells readers to
// install, so that a page written for one major is not judged by another's API. Each major is a
// workspace of the tools package; a folder that names no major gets the newest.
var (
	taquitoEnvs    = map[int]string{21: "taquito21", 25: "taquito25"}
	newestTaquito  = 25
	taquitoVersion = regexp.MustCompile(`@taquito/[a-z-]+(?:@|"\s*:\s*"[\^~]?)(\d+)`)
)

// taquitoEnvByFolder returns, for each folder of pages, the workspace its TypeScript samples use:
// the first major named in an install command ("npm install @taquito/taquito@21") or a package.json
// ("@taquito/taquito": "^25.0.0") among the folder's samples, when the tools package has it.
func taquitoEnvByFolder(all []Sample) map[string]string {
	env := map[string]string{}
	for _, s := range all {
		dir := path.Dir(s.Page)
		if _, ok := env[dir]; ok {
			continue
		}
		for _, m := range taquitoVersion.FindAllStringSubmatch(s.Code, -1) {
			major, _ := strconv.Atoi(m[1])
			if e, ok := taquitoEnvs[major]; ok {
				env[dir] = e
				break
			}
		}
	}
	return env
}

// taquitoEnv is the workspace for a sample of page.
func taquitoEnv(byFolder map[string]string, page string) string {
	if e, ok := byFolder[path.Dir(page)]; ok {
		return e
	}
	return taquitoEnvs[newestTaquito]
}
