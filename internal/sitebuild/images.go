package sitebuild

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders for image sizes
	_ "image/jpeg"
	_ "image/png"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
)

// resolveImage finds a Markdown image's file (root-absolute paths in site/static, others relative
// to the page), and returns its hashed asset URL and intrinsic size so the page reserves its space.
func resolveImage(site *content.Site, d *content.Doc, src string) (img markdown.Image, asset, file string, err error) {
	if isExternal(src) || strings.HasPrefix(src, "data:") {
		return markdown.Image{URL: src}, "", "", nil
	}
	clean := src
	if i := strings.IndexAny(clean, "?#"); i >= 0 {
		clean = clean[:i]
	}
	if strings.HasPrefix(clean, "/") {
		file = filepath.Join(site.Config.Dir, "static", filepath.FromSlash(clean))
	} else {
		file = filepath.Join(filepath.Dir(d.Path), filepath.FromSlash(clean))
	}
	data, err := site.ReadFile(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return img, "", "", fmt.Errorf("image %s not found (looked for %s); add the file or fix the path", src, filepath.ToSlash(file))
		}
		return img, "", "", err
	}
	ext := strings.ToLower(path.Ext(clean))
	asset = "assets/img/" + hashedName(strings.TrimSuffix(path.Base(clean), path.Ext(clean)), ext, data)
	img = markdown.Image{URL: "/" + asset}
	img.Width, img.Height = imageSize(ext, data)
	return img, asset, file, nil
}

// imageSize reads the intrinsic size of raster images and of SVGs with width/height or a viewBox.
func imageSize(ext string, data []byte) (int, int) {
	if ext == ".svg" {
		return svgSize(data)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0
	}
	return cfg.Width, cfg.Height
}

func svgSize(data []byte) (int, int) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "svg" {
			continue
		}
		var w, h float64
		var vb string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "width":
				w, _ = strconv.ParseFloat(strings.TrimSuffix(a.Value, "px"), 64)
			case "height":
				h, _ = strconv.ParseFloat(strings.TrimSuffix(a.Value, "px"), 64)
			case "viewBox":
				vb = a.Value
			}
		}
		if w > 0 && h > 0 {
			return int(w), int(h)
		}
		f := strings.Fields(strings.ReplaceAll(vb, ",", " "))
		if len(f) == 4 {
			vw, _ := strconv.ParseFloat(f[2], 64)
			vh, _ := strconv.ParseFloat(f[3], 64)
			return int(vw), int(vh)
		}
		return 0, 0
	}
}
